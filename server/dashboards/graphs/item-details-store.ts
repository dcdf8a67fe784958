// The items' details: per item of the campaigns' grids, how the done evaluations of the scope answered it (how
// many answers, their average score, how many of each value). Counted in the database, one row per item and value.
import { and, eq, sql } from 'drizzle-orm';
import type { ItemDetails } from '../../../contract/dashboard-graphs';
import type { Database } from '../../db/client';
import { conversations, evaluations } from '../../db/schema';
import { itemsOf } from '../validation-stats-store';
import { inGraphScope, type GraphScope } from './scope';

/** Each answered item of each done evaluation, as (item id, value as text unless an object, score). */
const answers = sql`lateral (
  select item ->> 'item_id' as item_id,
    case when jsonb_typeof(item -> 'value') in ('string', 'number') then item ->> 'value' end as value,
    (item ->> 'score')::float8 as score
  from jsonb_array_elements(${evaluations.items}) as item
  where jsonb_typeof(item -> 'value') is distinct from 'null'
  offset 0
) as answer`;

export async function findItemDetails(db: Database, scope: GraphScope): Promise<ItemDetails> {
  const [items, rows] = await Promise.all([
    itemsOf(db, scope.campaignIds),
    db
      .select({
        item_id: sql<string>`answer.item_id`,
        value: sql<string | null>`answer.value`,
        count: sql<number>`count(*)::int`,
        score_total: sql<number>`coalesce(sum(answer.score), 0)::float8`,
        scored: sql<number>`count(answer.score)::int`,
      })
      .from(conversations)
      .innerJoin(evaluations, eq(evaluations.conversationId, conversations.id))
      .crossJoin(answers)
      .where(and(inGraphScope(scope), eq(evaluations.status, 'done')))
      .groupBy(sql`answer.item_id`, sql`answer.value`),
  ]);
  return {
    items: items.map((item) => {
      const own = rows.filter((row) => row.item_id === item.id);
      const scored = own.reduce((total, row) => total + row.scored, 0);
      const scoreTotal = own.reduce((total, row) => total + row.score_total, 0);
      return {
        ...item,
        answered: own.reduce((total, row) => total + row.count, 0),
        average_score: scored === 0 ? null : scoreTotal / scored,
        counts: Object.fromEntries(
          own.flatMap((row) => (row.value === null ? [] : [[row.value, row.count] as const])),
        ),
      };
    }),
  };
}
