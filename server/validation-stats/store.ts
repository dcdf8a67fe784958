// The validation statistics' SQL: per item, language, engine and week, how often the final answer of a validated
// conversation is the engine's. The counting happens in the database (one row per cell comes back); an item's
// engine answer is its own value while the engine's (`source: ai`), else the one kept in `engine_values` when a
// person first answered it. And one item's history of people's changes across a campaign's conversations.
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { ValidationStats } from '../../contract/validation-stats';
import { inGraphScope, type GraphScope } from '../dashboards/graphs/scope-store';
import type { Database } from '../db/client';
import { toPage } from '../db/lists';
import { conversations, evaluationItemUpdates, evaluations, users } from '../db/schema';
import { toUnixSeconds } from '../db/time';
import { itemsOf } from '../evaluation-grids/store';

/** The graphs' scope: campaigns, time range, agents, topics, metadata and the agent the caller is limited to. */
export type ValidationStatsQuery = GraphScope;

/** The validated evaluations of the query's conversations (test conversations never count). */
function validatedOf(query: ValidationStatsQuery) {
  return and(eq(evaluations.validated, true), inGraphScope(query));
}

/** How a validated answer compares with the engine's: the codes the cells count. */
const outcome = { agreed: sql.raw('0'), changed: sql.raw('1'), unanswered: sql.raw('2') };

/**
 * The cells: each validated evaluation's items unnested and reduced at once to their item id and an outcome code
 * (the engine's answer is the item's own while `source` is `ai`, else the one kept in `engine_values`), so that
 * the rows sorted and grouped are narrow (`offset 0` keeps PostgreSQL from flattening the subquery, which would
 * carry each item's jsonb into the sort); then counted per item, language, engine and week (the week's Monday as a timestamp,
 * written out once per cell).
 */
export function validationCellsQuery(db: Database, query: ValidationStatsQuery) {
  const answers = sql`lateral (
    select item ->> 'item_id' as item_id,
      case when engine.value is null then ${outcome.unanswered}
        when engine.value = item -> 'value' then ${outcome.agreed} else ${outcome.changed} end as outcome
    from jsonb_array_elements(${evaluations.items}) as item
    cross join lateral (
      select nullif(case when item ->> 'source' = 'human' then ${evaluations.engineValues} -> (item ->> 'item_id')
        else item -> 'value' end, 'null'::jsonb) as value
    ) as engine
    offset 0
  ) as answer`;
  const counted = (code: SQL) => sql<number>`(count(*) filter (where answer.outcome = ${code}))::int`;
  return db
    .select({
      item_id: sql<string>`answer.item_id`,
      language: conversations.language,
      engine: evaluations.engine,
      week: sql<string>`date_trunc('week', ${conversations.startedAt} at time zone 'UTC')::date::text`,
      agreed: counted(outcome.agreed),
      changed: counted(outcome.changed),
      unanswered: counted(outcome.unanswered),
    })
    .from(evaluations)
    .innerJoin(conversations, eq(conversations.id, evaluations.conversationId))
    .crossJoin(answers)
    .where(validatedOf(query))
    .groupBy(
      sql`answer.item_id`,
      conversations.language,
      evaluations.engine,
      sql`date_trunc('week', ${conversations.startedAt} at time zone 'UTC')`,
    );
}

async function conversationCount(db: Database, query: ValidationStatsQuery) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(evaluations)
    .innerJoin(conversations, eq(conversations.id, evaluations.conversationId))
    .where(validatedOf(query));
  return row?.count ?? 0;
}

/** The statistics of the query's validated conversations: the items, the cells, and how many conversations. */
export async function findValidationStats(
  db: Database,
  query: ValidationStatsQuery,
): Promise<ValidationStats> {
  const [items, cells, conversationTotal] = await Promise.all([
    itemsOf(db, query.campaignIds),
    validationCellsQuery(db, query),
    conversationCount(db, query),
  ]);
  return { items, cells, conversations: conversationTotal };
}

/**
 * One page, newest first, of the changes to the item in the campaign's conversations (test conversations never
 * count); only the agent's own conversations when `agentId` is given.
 */
export async function listItemUpdates(
  db: Database,
  query: {
    campaignId: string;
    itemId: string;
    agentId: string | null;
    startAfter?: string | undefined;
    limit: number;
  },
) {
  const rows = await db
    .select({ update: evaluationItemUpdates, userName: users.name })
    .from(evaluationItemUpdates)
    .innerJoin(conversations, eq(conversations.id, evaluationItemUpdates.conversationId))
    .leftJoin(users, eq(users.id, evaluationItemUpdates.userId))
    .where(
      and(
        eq(evaluationItemUpdates.itemId, query.itemId),
        eq(conversations.campaignId, query.campaignId),
        eq(conversations.isTest, false),
        query.agentId === null ? undefined : eq(conversations.agentId, query.agentId),
        query.startAfter ? lt(evaluationItemUpdates.id, query.startAfter) : undefined,
      ),
    )
    .orderBy(desc(evaluationItemUpdates.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, ({ update, userName }) => ({
    id: update.id,
    conversation_id: update.conversationId,
    before: update.before,
    after: update.after,
    comment: update.comment,
    user: update.userId && userName !== null ? { id: update.userId, name: userName } : null,
    created_at: toUnixSeconds(update.createdAt),
  }));
}
