// The items' details: per item of the campaigns' grids, how the done evaluations of the scope answered it (how
// many answers, their average score, how many of each value). Counted in the database, one row per item and value:
// summed from the items' daily rollup (`dashboard_daily_items`) when it serves the scope (no topic or metadata
// filter), else from the evaluations' items. Scores are summed as `numeric`, which is exact whatever the order, so
// that both ways give the same averages.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ItemDetails } from '../../../contract/dashboard-graphs';
import type { Database } from '../../db/client';
import { conversations, dashboardDailyItems, dashboardHourlyItems, evaluations } from '../../db/schema';
import { itemsOf } from '../../evaluation-grids/store';
import { aggregateDays, byDays, servedByRollup, startDay, type DailySource } from './daily-figures-store';
import { inGraphScope, type GraphScope } from './scope-store';

/** Each answered item of each done evaluation, as (item id, value as text unless an object, score). */
const answers = sql`lateral (
  select item ->> 'item_id' as item_id,
    case when jsonb_typeof(item -> 'value') in ('string', 'number') then item ->> 'value' end as value,
    (item ->> 'score')::numeric as score
  from jsonb_array_elements(${evaluations.items}) as item
  where jsonb_typeof(item -> 'value') is distinct from 'null'
  offset 0
) as answer`;

/** One row per item and value: its answers, and the item's scored answers and exact score total (all values). */
type AnswerRow = {
  item_id: string;
  value: string | null;
  count: number;
  item_scored: number;
  item_score_total: number;
};

/** The rows of `rows` (item_id, value, answers, scored, score_sum) grouped per item and value. */
const answerRows = (rows: SQL) => sql`select item_id, value, sum(answers)::int as count,
    (sum(sum(scored)) over (partition by item_id))::int as item_scored,
    (sum(sum(score_sum)) over (partition by item_id))::float8 as item_score_total
  from (${rows}) as figures
  group by item_id, value
  having sum(answers) > 0`;

const itemsSource: DailySource = {
  daily: dashboardDailyItems,
  hourly: dashboardHourlyItems,
  keys: ['item_id', 'value'],
  figures: ['answers', 'scored', 'score_sum'],
  counted: (where, isCurrent) => sql`select ${startDay} as day, ${conversations.agentId} as agent_id,
      ${isCurrent} as current, answer.item_id, answer.value, count(*)::int as answers,
      count(answer.score)::int as scored, coalesce(sum(answer.score), 0) as score_sum
    from ${conversations} join ${evaluations} on ${eq(evaluations.conversationId, conversations.id)}
      cross join ${answers}
    where ${and(where, eq(evaluations.status, 'done'), sql`answer.item_id is not null`)}
    group by 1, 2, 3, 4, 5`,
};

/** The items' answers counted from the scope's evaluations. */
const answersOfEvaluations = (scope: GraphScope) =>
  answerRows(sql`select answer.item_id, answer.value, 1 as answers,
      (answer.score is not null)::int as scored, coalesce(answer.score, 0) as score_sum
    from ${conversations} join ${evaluations} on ${eq(evaluations.conversationId, conversations.id)}
      cross join ${answers}
    where ${and(inGraphScope(scope), eq(evaluations.status, 'done'))}`);

async function itemDetails(db: Database, scope: GraphScope, rows: SQL): Promise<ItemDetails> {
  const [items, answered] = await Promise.all([
    itemsOf(db, scope.campaignIds),
    aggregateDays<AnswerRow>(db, rows),
  ]);
  return {
    items: items.map((item) => {
      const own = answered.filter((row) => row.item_id === item.id);
      const scored = own[0]?.item_scored ?? 0;
      return {
        ...item,
        answered: own.reduce((total, row) => total + row.count, 0),
        average_score: scored === 0 ? null : (own[0]?.item_score_total ?? 0) / scored,
        counts: Object.fromEntries(
          own.flatMap((row) => (row.value === null ? [] : [[row.value, row.count] as const])),
        ),
      };
    }),
  };
}

/** The items' details counted from the scope's evaluations. */
export const itemDetailsOfConversations = (db: Database, scope: GraphScope) =>
  itemDetails(db, scope, answersOfEvaluations(scope));

/** The items' details summed from their rollups (`byDays`): days, the edges' hours and minutes. */
export const itemDetailsOfDays = (db: Database, scope: GraphScope) =>
  itemDetails(db, scope, answerRows(byDays(itemsSource, scope)));

export async function findItemDetails(db: Database, scope: GraphScope): Promise<ItemDetails> {
  return (servedByRollup(scope) ? itemDetailsOfDays : itemDetailsOfConversations)(db, scope);
}
