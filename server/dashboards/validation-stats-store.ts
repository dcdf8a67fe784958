// The validation statistics' SQL: per item, language, engine and week, how often the final answer of a validated
// conversation is the engine's. The counting happens in the database (one row per cell comes back); an item's
// engine answer is its own value while the engine's (`source: ai`), else the one kept in `engine_values` when a
// person first answered it.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ValidationStats } from '../../contract/dashboards';
import type { Database } from '../db/client';
import { conversations, evaluationGridVersions, evaluationGrids, evaluations } from '../db/schema';
import { inGraphScope, type GraphScope } from './graphs/scope-store';

/** The graphs' scope: campaigns, time range, agents, topics, metadata and the agent the caller is limited to. */
export type ValidationStatsQuery = GraphScope;

/** The items of the campaigns' grids, each named as the newest version holding it names it. */
export async function itemsOf(db: Database, campaignIds: string[]): Promise<ValidationStats['items']> {
  const versions = await db
    .select({ content: evaluationGridVersions.content })
    .from(evaluationGridVersions)
    .innerJoin(evaluationGrids, eq(evaluationGrids.id, evaluationGridVersions.gridId))
    .where(inArray(evaluationGrids.campaignId, campaignIds))
    .orderBy(desc(evaluationGridVersions.version), desc(evaluationGridVersions.createdAt));
  const items = new Map<string, ValidationStats['items'][number]>();
  for (const { content } of versions)
    for (const section of content.sections)
      for (const item of section.items)
        if (!items.has(item.id))
          items.set(item.id, { id: item.id, name: item.name, type: item.type, section_name: section.name });
  return [...items.values()];
}

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
