// The conversation list's SQL: the criteria as a WHERE clause, keyset pages in date order (for the list and the
// export's batches), and the metadata keys and values of a campaign's conversations.
import { isDeepStrictEqual } from 'node:util';
import {
  and,
  asc,
  desc,
  eq,
  getTableName,
  gte,
  inArray,
  lt,
  lte,
  or,
  sql,
  Subquery,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { conversationListQuerySchema } from '../../contract/conversations';
import type { conversationSorts } from '../../contract/values/conversations';
import type { Database } from '../db/client';
import { fromUnixSeconds } from '../db/time';
import { humanOrder } from '../db/lists';
import { driverRows, preparedPerDatabase } from '../db/prepared';
import { conversationMetadataValues, conversations, evaluations, users } from '../db/schema';
import {
  conversationCriteria,
  type ConversationCriteria,
  type ConversationScope,
} from '../domain/conversation-criteria';
import { Invalid } from '../errors';
import type { ConversationSummaryRow } from './present';

export type ConversationSort = (typeof conversationSorts)[number];

/**
 * Where a page starts: the last conversation before it. `startedAt` is the timestamp as PostgreSQL writes it, so
 * that it compares exactly (a JS Date would drop its microseconds and let rows repeat or go missing).
 */
export interface ListCursor {
  startedAt: string;
  id: string;
}

export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/**
 * The metadata holds `key` with one of `values`. Written as containment (`@>`) rather than `->> key = any(…)`:
 * PostgreSQL estimates containment from the column's statistics, where it guesses a fixed 0.5 % for the
 * extracted text, and a guess far too low makes it sort every match instead of walking the date index.
 */
export const hasOneOf = (key: string, values: readonly string[]) =>
  or(...values.map((value) => sql`${conversations.metadata} @> ${JSON.stringify({ [key]: value })}::jsonb`));

/** The conversations of the scope, test conversations aside (the scope's values, or placeholders of a prepared query). */
function inScope({
  campaignId,
  onlyAgent,
}: {
  campaignId: string | Placeholder;
  onlyAgent: string | Placeholder | null;
}): SQL | undefined {
  return and(
    eq(conversations.campaignId, campaignId),
    eq(conversations.isTest, false),
    onlyAgent === null ? undefined : eq(conversations.agentId, onlyAgent),
  );
}

const searchCondition = (vector: SQL, search: string) =>
  sql`${vector} @@ websearch_to_tsquery('simple', ${search})`;

/** The conversation's evaluation meets every condition. */
const evaluationWhere = (...conditions: (SQL | undefined)[]) =>
  sql`exists (select 1 from ${evaluations}
    where ${and(eq(evaluations.conversationId, conversations.id), ...conditions)})`;

/** The evaluation scored one of the items below 100 (`na` has no score, so it never counts as missed). */
const missedOneOf = (itemIds: readonly string[]) =>
  sql`exists (select 1 from jsonb_array_elements(${evaluations.items}) as item
    where item->>'item_id' = any(${textArray(itemIds)}) and (item->>'score')::real < 100)`;

/** The filters on the evaluation: its main score, items missed, who validated it, and whether it is validated. */
function evaluationConditions(criteria: ConversationCriteria): (SQL | undefined)[] {
  const { minScore, maxScore, missedItemIds, validatorIds, validated } = criteria;
  const conditions = [
    minScore === null ? undefined : gte(evaluations.mainScore, minScore),
    maxScore === null ? undefined : lte(evaluations.mainScore, maxScore),
    missedItemIds === null ? undefined : missedOneOf(missedItemIds),
    validatorIds === null ? undefined : inArray(evaluations.validatedBy, [...validatorIds]),
    validated === true ? eq(evaluations.validated, true) : undefined,
  ].filter((condition) => condition !== undefined);
  return [
    conditions.length > 0 ? evaluationWhere(...conditions) : undefined,
    validated === false ? sql`not ${evaluationWhere(eq(evaluations.validated, true))}` : undefined,
  ];
}

/**
 * The criteria as one condition on `conversations` (test conversations aside), for the list, its export and the
 * review rules (reviews/sampling-store.ts); the search reads the stored `search_vector` (GIN
 * `conversations_search_idx`).
 */
export function matchingCriteria(criteria: ConversationCriteria): SQL | undefined {
  if (criteria.matchesNothing) return sql`false`;
  return and(
    inScope({ campaignId: criteria.campaignId, onlyAgent: null }),
    criteria.ids ? inArray(conversations.id, [...criteria.ids]) : undefined,
    criteria.agentIds ? inArray(conversations.agentId, [...criteria.agentIds]) : undefined,
    criteria.types ? inArray(conversations.type, [...criteria.types]) : undefined,
    criteria.sentiments ? inArray(conversations.sentiment, [...criteria.sentiments]) : undefined,
    criteria.languages ? inArray(conversations.language, [...criteria.languages]) : undefined,
    criteria.statuses ? inArray(conversations.status, [...criteria.statuses]) : undefined,
    criteria.anyTopics ? sql`${conversations.topics} ?| ${textArray(criteria.anyTopics)}` : undefined,
    ...criteria.metadata.map(({ key, values }) => hasOneOf(key, values)),
    criteria.minDurationSeconds === null
      ? undefined
      : gte(conversations.durationSeconds, criteria.minDurationSeconds),
    criteria.maxDurationSeconds === null
      ? undefined
      : lte(conversations.durationSeconds, criteria.maxDurationSeconds),
    criteria.startedFrom === null
      ? undefined
      : gte(conversations.startedAt, fromUnixSeconds(criteria.startedFrom)),
    criteria.startedUntil === null
      ? undefined
      : lt(conversations.startedAt, fromUnixSeconds(criteria.startedUntil)),
    criteria.search === null
      ? undefined
      : searchCondition(sql`${conversations.searchVector}`, criteria.search),
    ...evaluationConditions(criteria),
  );
}

/**
 * Where the page after conversation `id` starts; 400 when the id names no conversation the caller sees in the
 * campaign (a page cannot start after a conversation that is gone or was never in the list).
 */
async function findListCursor(db: Database, scope: ConversationScope, id: string): Promise<ListCursor> {
  const { campaignId, onlyAgent } = scope;
  const [row] = await (onlyAgent === null ? listCursor : agentListCursor)(db).execute({
    campaignId,
    onlyAgent,
    id,
  });
  if (!row) throw new Invalid('start_after names no conversation of this list');
  return row;
}

/** `findListCursor`'s query, prepared for a scope of every agent or of one (`onlyAgent`). */
const listCursorQuery = (byAgent: boolean) =>
  preparedPerDatabase((db) =>
    db
      .select({ startedAt: sql<string>`${conversations.startedAt}::text`, id: conversations.id })
      .from(conversations)
      .where(
        and(
          inScope({
            campaignId: sql.placeholder('campaignId'),
            onlyAgent: byAgent ? sql.placeholder('onlyAgent') : null,
          }),
          eq(conversations.id, sql.placeholder('id')),
        ),
      )
      .prepare(byAgent ? 'conversation_list_cursor_agent' : 'conversation_list_cursor'),
  );
const listCursor = listCursorQuery(false);
const agentListCursor = listCursorQuery(true);

/**
 * What a listed row carries, under the names the rows come back with: the columns a summary shows and no other (the
 * phases and the engines' runs are jsonb PostgreSQL would write out and the server parse for every row only to
 * drop), with the agent's name and the evaluation's summary.
 */
const listedColumns = {
  id: conversations.id,
  campaign_id: conversations.campaignId,
  type: conversations.type,
  agent_id: conversations.agentId,
  status: conversations.status,
  status_reason: conversations.statusReason,
  status_detail: conversations.statusDetail,
  language: conversations.language,
  started_at: conversations.startedAt,
  duration_s: conversations.durationSeconds,
  metadata: conversations.metadata,
  external_id: conversations.externalId,
  sentiment: conversations.sentiment,
  topics: conversations.topics,
  audio_key: conversations.audioKey,
  created_at: conversations.createdAt,
  agent_name: users.name,
  evaluation_status: evaluations.status,
  main_score: evaluations.mainScore,
  auto_failed: evaluations.autoFailed,
  validated: evaluations.validated,
  validated_by: evaluations.validatedBy,
  validated_at: evaluations.validatedAt,
};

/** Each listed column as `column as "name"`, so that a row arrives keyed by the names above. */
const listedSelection = Object.fromEntries(
  Object.entries(listedColumns).map(([name, column]) => [name, sql`${column}`.as(name)]),
);

type Conversation = typeof conversations.$inferSelect;
type Evaluation = typeof evaluations.$inferSelect;

/**
 * A listed row as both drivers return it: timestamps as the text PostgreSQL writes (exact to the microsecond, and
 * what a page's cursor compares), jsonb parsed. The evaluation's columns are null when it has none.
 */
type ListedDriverRow = {
  id: string;
  campaign_id: string;
  type: Conversation['type'];
  agent_id: string | null;
  status: Conversation['status'];
  status_reason: Conversation['statusReason'];
  status_detail: string | null;
  language: Conversation['language'];
  started_at: string;
  duration_s: number;
  metadata: Conversation['metadata'];
  external_id: string | null;
  sentiment: Conversation['sentiment'];
  topics: string[];
  audio_key: string | null;
  created_at: string;
  agent_name: string | null;
} & (
  | {
      evaluation_status: Evaluation['status'];
      main_score: number | null;
      auto_failed: boolean;
      validated: boolean;
      validated_by: string | null;
      validated_at: string | null;
    }
  | {
      evaluation_status: null;
      main_score: null;
      auto_failed: null;
      validated: null;
      validated_by: null;
      validated_at: null;
    }
);

/** A summary row with its place in the keyset order, where the next batch starts after it. */
export type ListedConversationRow = ConversationSummaryRow & { cursorStartedAt: string };

/**
 * The row as the list's callers read it. Written out rather than left to drizzle's row mapping, which looks up
 * each field's kind and walks its path for every value: a fifth of the server's time for a page (decision 0206).
 */
const toListedRow = (row: ListedDriverRow): ListedConversationRow => ({
  id: row.id,
  campaignId: row.campaign_id,
  type: row.type,
  agentId: row.agent_id,
  status: row.status,
  statusReason: row.status_reason,
  statusDetail: row.status_detail,
  language: row.language,
  startedAt: new Date(row.started_at),
  durationSeconds: row.duration_s,
  metadata: row.metadata,
  externalId: row.external_id,
  sentiment: row.sentiment,
  topics: row.topics,
  audioKey: row.audio_key,
  createdAt: new Date(row.created_at),
  agentName: row.agent_name,
  evaluation:
    row.evaluation_status === null
      ? null
      : {
          status: row.evaluation_status,
          mainScore: row.main_score,
          autoFailed: row.auto_failed,
          validated: row.validated,
          validatedBy: row.validated_by,
          validatedAt: row.validated_at === null ? null : new Date(row.validated_at),
        },
  cursorStartedAt: row.started_at,
});

/** Reads the rows of a listed-row query (`conversationListQuery`, or a prepared page's `all`). */
const readListed = (rows: unknown): ListedConversationRow[] => (rows as ListedDriverRow[]).map(toListedRow);

export interface ListWindow {
  sort: ConversationSort;
  after: ListCursor | null;
  limit: number;
}

/**
 * A search first reads the newest `searchSampleRows` conversations of the date order (with the other filters): a
 * word in most of them fills its page there. When none of them holds it, the word is rare or in no conversation:
 * its matches are asked of the GIN index, without reading any more conversations' words. When some hold it, its
 * page is looked for among the newest `searchRecentRows` conversations, where a word in many fills the page.
 * Failing that, a search with at most `searchFirstMaxMatches` matches is listed from them (found through the GIN
 * index, then sorted); one with more walks the date index, where its matches are dense enough to fill a page soon.
 * PostgreSQL cannot make this choice itself: it guesses that a word its statistics do not hold matches 0.5 % of
 * the rows (PGlite, never analysed, guesses so for every word), then walks the whole date index for a word that
 * matches nothing; and asking the GIN index first would cost a word in most conversations all its matches.
 */
export const searchSampleRows = 100;
export const searchRecentRows = 1000;
export const searchFirstMaxMatches = 5000;

/** Both drivers answer raw statements with their rows; the Database type leaves the result untyped. */
async function rawRows<Row>(db: Database, query: SQLWrapper): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

/**
 * True when the search matches conversations by a word they lack (`-refund`, `invoice or -refund`): the GIN index
 * cannot list those, so the probe would read rows' words up to 5,001 matches, where the walk stops at the page's.
 */
async function excludesOnly(db: Database, search: string): Promise<boolean> {
  const [row] = await rawRows<{ excludesOnly: boolean }>(
    db,
    sql`select querytree(websearch_to_tsquery('simple', ${search})) = 'T' as "excludesOnly"`,
  );
  return row?.excludesOnly ?? false;
}

/**
 * How many conversations match the criteria, counted up to `upTo` and no further: one more than the most the
 * caller shows exactly tells it that there are more, without reading every match of a large campaign.
 */
export async function countConversations(db: Database, criteria: ConversationCriteria, upTo: number) {
  const [row] = await rawRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (
      select 1 from ${conversations} where ${matchingCriteria(criteria)} limit ${upTo}) as matches`,
  );
  return row?.count ?? 0;
}

/** Up to `limit` conversations matching the criteria, after `after` in the order of `sort`, with their agents. */
export async function listConversations(
  db: Database,
  criteria: ConversationCriteria,
  window: ListWindow,
): Promise<ListedConversationRow[]> {
  const listed = async (only?: { ids: string[] }) =>
    readListed(await rawRows(db, conversationListQuery(db, criteria, window, only)));
  if (criteria.search === null || criteria.matchesNothing) return listed();
  const byIds = (rows: { id: string }[]) =>
    rows.length === 0 ? [] : listed({ ids: rows.map(({ id }) => id) });
  const newest = (rows: number) => rawRows<{ id: string }>(db, recentSearchQuery(criteria, window, rows));
  const sample = await newest(searchSampleRows);
  if (sample.length === window.limit) return byIds(sample);
  if (sample.length > 0) {
    const recent = await newest(searchRecentRows);
    if (recent.length === window.limit) return byIds(recent);
  }
  if (await excludesOnly(db, criteria.search)) return listed();
  const probed = await rawRows<{ id: string; probed: number }>(db, searchProbeQuery(criteria, window));
  if (Number(probed[0]?.probed ?? 0) > searchFirstMaxMatches) return listed();
  return byIds(probed);
}

const inOrder = (descending: boolean) => (descending ? desc : asc);
const directionOf = (sort: ConversationSort) => sql.raw(sort === 'started_at_desc' ? 'desc' : 'asc');

function keysetAfter(sort: ConversationSort, after: ListCursor | null): SQL | undefined {
  if (!after) return undefined;
  return sort === 'started_at_desc'
    ? sql`(${conversations.startedAt}, ${conversations.id}) < (${after.startedAt}::timestamptz, ${after.id}::uuid)`
    : sql`(${conversations.startedAt}, ${conversations.id}) > (${after.startedAt}::timestamptz, ${after.id}::uuid)`;
}

/** The page's ids among the first `rows` conversations in date order that match all but the search. */
export function recentSearchQuery(
  criteria: ConversationCriteria,
  { sort, after, limit }: ListWindow,
  rows: number,
): SQL {
  const direction = directionOf(sort);
  return sql`select id from (
      select ${conversations.id} as id, ${conversations.startedAt} as started_at,
        ${conversations.searchVector} as search_vector
      from ${conversations}
      where ${and(matchingCriteria({ ...criteria, search: null }), keysetAfter(sort, after))}
      order by ${conversations.startedAt} ${direction}, ${conversations.id} ${direction}
      limit ${rows}) as recent
    where ${searchCondition(sql`search_vector`, criteria.search ?? '')}
    order by started_at ${direction}, id ${direction} limit ${limit}`;
}

/**
 * The page's ids when the search matches at most `searchFirstMaxMatches` conversations, each row with how many
 * matches were read (up to one more than that). The matches are a materialised CTE, planned for all its rows (the
 * GIN index for a rare word) and read only as far as the probe asks.
 */
export function searchProbeQuery(criteria: ConversationCriteria, { sort, after, limit }: ListWindow): SQL {
  const direction = directionOf(sort);
  return sql`with hits as materialized (
      select ${conversations.id} as id, ${conversations.startedAt} as started_at from ${conversations}
      where ${and(matchingCriteria(criteria), keysetAfter(sort, after))}),
    probe as (select id, started_at from hits limit ${searchFirstMaxMatches + 1})
    select id, (select count(*) from probe)::int as probed from probe
    order by started_at ${direction}, id ${direction} limit ${limit}`;
}

/** The statements a search may run before its page's select, labelled, unrun (for `EXPLAIN`). */
export function searchStatements(criteria: ConversationCriteria, window: ListWindow): [string, SQL][] {
  return [
    ['newest rows, a sample', recentSearchQuery(criteria, window, searchSampleRows)],
    ['newest rows', recentSearchQuery(criteria, window, searchRecentRows)],
    ['matches through the GIN index', searchProbeQuery(criteria, window)],
  ];
}

/** The listed columns (see `listedColumns`) of the conversations (or `source`, rows of theirs read under the table's name). */
function selectListed(db: Database, source: typeof conversations | Subquery = conversations) {
  return db
    .select(listedSelection)
    .from(source)
    .leftJoin(users, eq(users.id, conversations.agentId))
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id));
}

/**
 * The query `listConversations` runs, unrun (for `EXPLAIN`): the criteria walked in date order, or only the
 * conversations `ids` (already known to match) in that order.
 */
export function conversationListQuery(
  db: Database,
  criteria: ConversationCriteria,
  { sort, after, limit }: ListWindow,
  { ids }: { ids?: string[] } = {},
) {
  const order = inOrder(sort === 'started_at_desc');
  return selectListed(db)
    .where(ids ? inArray(conversations.id, ids) : and(matchingCriteria(criteria), keysetAfter(sort, after)))
    .orderBy(order(conversations.startedAt), order(conversations.id))
    .limit(limit);
}

/**
 * One page of the list: `limit + 1` conversations after `startAfter` (see `toPage`). Its start is looked up among
 * the conversations the caller sees, whatever the filters, so a conversation whose analysis changed since the
 * last page still marks the place.
 */
export async function pageOfConversations(
  db: Database,
  scope: ConversationScope,
  criteria: ConversationCriteria,
  { sort, startAfter, limit }: { sort: ConversationSort; startAfter: string | undefined; limit: number },
) {
  const after = startAfter ? await findListCursor(db, scope, startAfter) : null;
  const window = { sort, after, limit: limit + 1 };
  const agentId = openingAgent(criteria);
  if (agentId === undefined || window.limit > openingPageRowsAtMost)
    return listConversations(db, criteria, window);
  const page = openingPageQuery(sort, agentId !== null, after !== null)(db);
  return readListed(
    await driverRows(page, {
      campaignId: criteria.campaignId,
      agentId,
      afterStartedAt: after?.startedAt,
      afterId: after?.id,
      limit: window.limit,
    }),
  );
}

/** The criteria of a list that filters nothing (the list as it opens, and as it pages on). */
const unfiltered = conversationCriteria({}, { campaignId: '', onlyAgent: null });

/**
 * The one agent the criteria keep when they filter nothing else (null: every agent), as an agent's list does;
 * undefined when they filter more, whatever the filter (each filter makes another shape of query, built per request).
 */
function openingAgent(criteria: ConversationCriteria): string | null | undefined {
  const { campaignId: _campaignId, agentIds, ...filters } = criteria;
  const { campaignId: _none, agentIds: _all, ...none } = unfiltered;
  if (!isDeepStrictEqual(filters, none)) return undefined;
  if (agentIds === null) return null;
  return agentIds.length === 1 ? agentIds[0] : undefined;
}

type PreparedPage = ReturnType<typeof prepareOpeningPage>;

/** The most rows an opening page reads: the API's largest page, and the one row more that tells whether another follows. */
const openingPageRowsAtMost = (conversationListQuerySchema.shape.limit.unwrap().maxValue ?? 0) + 1;

/**
 * The page query of an unfiltered list: the same statement every time, its values as placeholders. PostgreSQL
 * plans a prepared statement once for all its values (a generic plan) only when that plan costs no more than one
 * planned for the values; a page size it cannot see, it takes for a tenth of the campaign, and planning anew on
 * every execution then cost a third of PostgreSQL's time for a page. So the conversations are first bounded by the
 * largest page, a constant, and read under the table's own name, which the rest of the query refers to.
 */
function prepareOpeningPage(db: Database, sort: ConversationSort, byAgent: boolean, paged: boolean) {
  const order = inOrder(sort === 'started_at_desc');
  const direction = directionOf(sort);
  const after = sql`(${sql.placeholder('afterStartedAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
  const position = sql`(${conversations.startedAt}, ${conversations.id})`;
  const firstInOrder = and(
    inScope({
      campaignId: sql.placeholder('campaignId'),
      onlyAgent: byAgent ? sql.placeholder('agentId') : null,
    }),
    paged
      ? sort === 'started_at_desc'
        ? sql`${position} < ${after}`
        : sql`${position} > ${after}`
      : undefined,
  );
  const bounded = new Subquery(
    sql`select * from ${conversations} where ${firstInOrder}
      order by ${conversations.startedAt} ${direction}, ${conversations.id} ${direction}
      limit ${sql.raw(String(openingPageRowsAtMost))}`,
    {},
    getTableName(conversations),
  );
  return selectListed(db, bounded)
    .orderBy(order(conversations.startedAt), order(conversations.id))
    .limit(sql.placeholder('limit'))
    .prepare(`conversation_page_${sort}${byAgent ? '_agent' : ''}${paged ? '_after' : ''}`);
}

/** The unfiltered page queries, one per sort, agent scope and first or later page, each prepared once per database. */
const openingPages = new Map<string, (db: Database) => PreparedPage>();

function openingPageQuery(sort: ConversationSort, byAgent: boolean, paged: boolean) {
  const shape = `${sort}/${byAgent}/${paged}`;
  let query = openingPages.get(shape);
  if (!query) {
    query = preparedPerDatabase((db) => prepareOpeningPage(db, sort, byAgent, paged));
    openingPages.set(shape, query);
  }
  return query;
}

/** Most values listed per metadata key, the most frequent first. */
export const metadataValuesPerKey = 200;

/** The most frequent values of each key first, at most `metadataValuesPerKey` per key, from `counts`. */
async function topValues(db: Database, counts: SQL): Promise<{ key: string; value: string }[]> {
  const ranked = db
    .select({
      key: sql<string>`counts.key`.as('key'),
      value: sql<string>`counts.value`.as('value'),
      rank: sql<number>`row_number() over (partition by counts.key order by counts.conversations desc, counts.value)`.as(
        'rank',
      ),
    })
    .from(sql`(${counts}) as counts`)
    .as('ranked');
  return db
    .select({ key: ranked.key, value: ranked.value })
    .from(ranked)
    .where(lte(ranked.rank, metadataValuesPerKey))
    .orderBy(ranked.key, ranked.rank);
}

/**
 * How many of the scope's conversations hold each metadata key and value: the campaign's counts kept by triggers
 * (`conversation_metadata_values`), or an agent's own conversations' metadata counted on the spot (they are few).
 */
function metadataCounts({ campaignId, onlyAgent }: ConversationScope): SQL {
  if (onlyAgent === null) {
    return sql`select ${conversationMetadataValues.key} as key, ${conversationMetadataValues.value} as value,
      ${conversationMetadataValues.conversations} as conversations
      from ${conversationMetadataValues}
      where ${conversationMetadataValues.campaignId} = ${campaignId} and ${conversationMetadataValues.conversations} > 0`;
  }
  return sql`select metadata.key, metadata.value, count(*) as conversations
    from ${conversations} cross join lateral jsonb_each_text(${conversations.metadata}) as metadata(key, value)
    where ${inScope({ campaignId, onlyAgent })}
    group by metadata.key, metadata.value`;
}

/**
 * The metadata keys of the scope's conversations (test ones aside), in human order, each with its most frequent
 * values first.
 */
export async function listMetadataValues(db: Database, scope: ConversationScope) {
  const rows = await topValues(db, metadataCounts(scope));
  const valuesByKey = new Map<string, string[]>();
  for (const { key, value } of rows) {
    const values = valuesByKey.get(key) ?? [];
    values.push(value);
    valuesByKey.set(key, values);
  }
  return [...valuesByKey.keys()]
    .sort(humanOrder.compare)
    .map((key) => ({ key, values: valuesByKey.get(key) ?? [] }));
}

/** The people who validated at least one of the scope's conversations, by name: the validators filter's choices. */
export function listValidators(db: Database, scope: ConversationScope) {
  return db
    .selectDistinct({ id: users.id, name: users.name })
    .from(evaluations)
    .innerJoin(conversations, eq(conversations.id, evaluations.conversationId))
    .innerJoin(users, eq(users.id, evaluations.validatedBy))
    .where(inScope(scope))
    .orderBy(users.name, users.id);
}
