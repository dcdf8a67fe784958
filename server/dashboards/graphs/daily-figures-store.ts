// The scope's figures per UTC day, agent and type, for the graphs that add them up: the whole days inside the range
// read from a rollup (`dashboard_daily_figures`, `dashboard_daily_phases`, kept by triggers, migration 0022; topics'
// and items' `dashboard_daily_topics`, `dashboard_daily_items`, migration 0025), the partial days at its edges
// counted from the conversations and their evaluations, both with the same columns.
// Served only when the scope has no topic or metadata filter (the rollups do not split by them); the graphs keep
// their direct queries otherwise.
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { edges, wholeDays, type Range } from '../../domain/day-ranges';
import {
  conversations,
  dashboardDailyFigures as daily,
  evaluations,
  type dashboardDailyItems,
  type dashboardDailyPhases,
  type dashboardDailyTopics,
} from '../../db/schema';
import { inGraphScope, scoredEvaluation, type GraphScope } from './scope-store';

/** Whether the rollup answers the scope: it has no topic or metadata filter. */
export const servedByRollup = (scope: GraphScope) => !scope.topics && scope.metadata.length === 0;

const at = (seconds: number) => new Date(seconds * 1000);
const dateOf = (seconds: number) => at(seconds).toISOString().slice(0, 10);

const isScored = sql`(${scoredEvaluation})`;
const scoreBin = sql`least(floor(${evaluations.mainScore} / 10), 9)::int`;
const countWhere = (condition: SQL) => sql`(count(*) filter (where ${condition}))::int`;

/** The rollup's figure columns, counted from conversations and evaluations as the triggers count them. */
const countedFigures: [string, SQL][] = [
  ['conversations', sql`count(*)::int`],
  ['analysed', countWhere(sql`${conversations.status} = 'ready'`)],
  ['negative_sentiment', countWhere(sql`${conversations.sentiment} = 'NEGATIVE'`)],
  ['with_sentiment', sql`count(${conversations.sentiment})::int`],
  ['timed', countWhere(sql`${conversations.durationSeconds} > 0`)],
  [
    'duration_sum',
    sql`coalesce(sum(${conversations.durationSeconds}) filter (where ${conversations.durationSeconds} > 0), 0)::bigint`,
  ],
  ['evaluated', countWhere(sql`${evaluations.status} = 'done'`)],
  ['validated', countWhere(sql`${evaluations.validated}`)],
  ['scored', countWhere(isScored)],
  ['score_sum', sql`coalesce(sum(${evaluations.mainScore}::float8) filter (where ${isScored}), 0)`],
  ['auto_failed', countWhere(sql`${isScored} and ${evaluations.autoFailed}`)],
  ...Array.from({ length: 10 }, (_, bin): [string, SQL] => [
    `score_bin_${bin}`,
    countWhere(sql`${isScored} and ${scoreBin} = ${sql.raw(String(bin))}`),
  ]),
];
/** A rollup table and how to count its rows' columns from the conversations, for the days at the edges. */
export interface DailySource {
  table:
    typeof daily | typeof dashboardDailyPhases | typeof dashboardDailyTopics | typeof dashboardDailyItems;
  /** The table's columns after day, agent and period, as the counted rows give them. */
  columns: SQL;
  /** The counted rows: day, agent_id, current, then `columns`, of the conversations `where` selects. */
  counted: (where: SQL | undefined, isCurrent: SQL) => SQL;
}

/** The day of a conversation's start in UTC, the rollups' day. */
export const startDay = sql`(${conversations.startedAt} at time zone 'UTC')::date`;

/** The whole days' rows, read from the rollup table. */
function rolledUpDays(
  { table, columns }: DailySource,
  scope: GraphScope,
  days: NonNullable<ReturnType<typeof wholeDays>>,
  split: number | undefined,
) {
  const isCurrent = split === undefined ? sql`true` : sql`${table.day} >= ${dateOf(split)}::date`;
  return sql`select ${table.day} as day, ${table.agentId} as agent_id, ${isCurrent} as current, ${columns}
    from ${table}
    where ${and(
      inArray(table.campaignId, scope.campaignIds),
      days.from === undefined ? undefined : sql`${table.day} >= ${dateOf(days.from)}::date`,
      days.to === undefined ? undefined : sql`${table.day} < ${dateOf(days.to)}::date`,
      days.skipped === undefined ? undefined : sql`${table.day} <> ${dateOf(days.skipped)}::date`,
      scope.agentIds ? inArray(table.agentId, scope.agentIds) : undefined,
      scope.onlyAgent === null ? undefined : eq(table.agentId, scope.onlyAgent),
    )}`;
}

/**
 * The scope's rows of a rollup on `range`: its whole days read from the table, the partial days at the edges
 * counted from the conversations, to aggregate as a subquery. `current` tells the rows from `split` on (the KPIs'
 * range) from those before it (the previous period); always true without a split.
 */
export function byDays(source: DailySource, scope: GraphScope, range: Range = scope, split?: number): SQL {
  const days = wholeDays(range, split);
  const isCurrent = split === undefined ? sql`true` : gte(conversations.startedAt, at(split));
  const parts = edges(range, days).map((edge) =>
    source.counted(
      and(
        inGraphScope(scope, { start: undefined, end: undefined }),
        edge.start === undefined ? undefined : gte(conversations.startedAt, at(edge.start)),
        edge.end === undefined
          ? undefined
          : (edge.endIncluded ? lte : lt)(conversations.startedAt, at(edge.end)),
      ),
      isCurrent,
    ),
  );
  if (days) parts.push(rolledUpDays(source, scope, days, split));
  return sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
}

const figuresSource: DailySource = {
  table: daily,
  columns: sql.raw(['type', ...countedFigures.map(([name]) => name)].join(', ')),
  counted: (where, isCurrent) => sql`select ${startDay} as day, ${conversations.agentId} as agent_id,
      ${isCurrent} as current, ${conversations.type} as type, ${sql.join(
        countedFigures.map(([name, figure]) => sql`${figure} as ${sql.raw(name)}`),
        sql`, `,
      )}
    from ${conversations} left join ${evaluations} on ${eq(evaluations.conversationId, conversations.id)}
    where ${where}
    group by 1, 2, 3, 4`,
};

/** The scope's figures per day, agent, period and type (`figuresSource`'s columns), as `byDays` gives them. */
export const dailyFigures = (scope: GraphScope, range: Range = scope, split?: number) =>
  byDays(figuresSource, scope, range, split);

/** Rows of an aggregate over the daily figures (named `figures`). */
export async function aggregateDays<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as { rows: Row[] }).rows;
}

/** The average main score of the figures' scored evaluations (null when none), as `avg` over them answers it. */
export const averageScore = (among = sql`true`) =>
  sql`(sum(figures.score_sum) filter (where ${among})) / nullif(sum(figures.scored) filter (where ${among}), 0)::float8`;
