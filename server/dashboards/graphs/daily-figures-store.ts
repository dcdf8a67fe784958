// The scope's figures per UTC day, agent and type, for the graphs that add them up: the whole days inside the range
// read from a daily rollup (`dashboard_daily_figures`, `dashboard_daily_phases`, kept by triggers, migration 0022;
// topics' and items' `dashboard_daily_topics`, `dashboard_daily_items`, migration 0025), the whole hours of the edge
// days from the hourly rollups (migration 0028), and the seconds short of an hour at each edge counted from the
// conversations and their evaluations, all with the same columns (decision 0194).
// Served only when the scope has no topic or metadata filter (the rollups do not split by them); the graphs keep
// their direct queries otherwise.
import { and, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Range } from '../../domain/day-ranges';
import { rollupPieces, type RolledUpPiece, type RowsPiece } from '../../domain/rollup-pieces';
import {
  conversations,
  dashboardDailyFigures as daily,
  dashboardHourlyFigures,
  evaluations,
  type dashboardDailyItems,
  type dashboardDailyPhases,
  type dashboardDailyTopics,
  type dashboardHourlyItems,
  type dashboardHourlyPhases,
  type dashboardHourlyTopics,
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
  ['responded', sql`count(${conversations.firstResponseSeconds})::int`],
  ['first_response_sum', sql`coalesce(sum(${conversations.firstResponseSeconds}), 0)::bigint`],
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
/**
 * A rollup, daily and hourly, and how to count its rows' columns from the conversations, for the seconds at the
 * edges: the counted rows are day, agent_id, current, then `keys` and `figures` (additive, so that rows subtracted
 * are their negation).
 */
export interface DailySource {
  daily:
    typeof daily | typeof dashboardDailyPhases | typeof dashboardDailyTopics | typeof dashboardDailyItems;
  hourly:
    | typeof dashboardHourlyFigures
    | typeof dashboardHourlyPhases
    | typeof dashboardHourlyTopics
    | typeof dashboardHourlyItems;
  /** The columns after day and agent that rows are grouped by (type, topic, item and value…). */
  keys: string[];
  /** The additive columns. */
  figures: string[];
  /** The counted rows: day, agent_id, current, then keys and figures, of the conversations `where` selects. */
  counted: (where: SQL | undefined, isCurrent: SQL) => SQL;
}

/** The day of a conversation's start in UTC, the rollups' day. */
export const startDay = sql`(${conversations.startedAt} at time zone 'UTC')::date`;

/** UTC's wall clock at `seconds`, as the hourly rollups' `timestamp` (without time zone) keeps the hour. */
const wallClock = (seconds: number) => at(seconds).toISOString().slice(0, 19).replace('T', ' ');

/** The rows of a rollup table (its day, or its hour's day) whose day or hour starts in the piece. */
function rolledUp(source: DailySource, scope: GraphScope, piece: RolledUpPiece, isCurrent: SQL) {
  const columns = sql.raw([...source.keys, ...source.figures].join(', '));
  const [table, period, bound] =
    piece.kind === 'days'
      ? [source.daily, source.daily.day, (seconds: number) => sql`${dateOf(seconds)}::date`]
      : [source.hourly, source.hourly.hour, (seconds: number) => sql`${wallClock(seconds)}::timestamp`];
  const day = piece.kind === 'days' ? sql`${period}` : sql`${period}::date`;
  return sql`select ${day} as day, ${table.agentId} as agent_id, ${isCurrent} as current, ${columns}
    from ${table}
    where ${and(
      inArray(table.campaignId, scope.campaignIds),
      piece.from === undefined ? undefined : sql`${period} >= ${bound(piece.from)}`,
      piece.to === undefined ? undefined : sql`${period} < ${bound(piece.to)}`,
      scope.agentIds ? inArray(table.agentId, scope.agentIds) : undefined,
      scope.onlyAgent === null ? undefined : eq(table.agentId, scope.onlyAgent),
    )}`;
}

/** The piece's conversations counted, negated when the piece is subtracted from an hour read whole. */
function countedRows(source: DailySource, scope: GraphScope, piece: RowsPiece, isCurrent: SQL) {
  const counted = source.counted(
    and(
      inGraphScope(scope, { start: undefined, end: undefined }),
      (piece.startIncluded ? gte : gt)(conversations.startedAt, at(piece.start)),
      (piece.endIncluded ? lte : lt)(conversations.startedAt, at(piece.end)),
    ),
    isCurrent,
  );
  if (piece.sign === 1) return counted;
  return sql`select day, agent_id, current, ${sql.raw(
    [...source.keys, ...source.figures.map((name) => `-${name} as ${name}`)].join(', '),
  )} from (${counted}) as counted`;
}

/**
 * The scope's rows of a rollup on `range`, to aggregate as a subquery: whole days from the daily table, whole hours
 * from the hourly one, the seconds left at the edges from the conversations (`rollupPieces`). `current` tells the
 * rows from `split` on (the KPIs' range) from those before it (the previous period); always true without a split.
 */
export function byDays(source: DailySource, scope: GraphScope, range: Range = scope, split?: number): SQL {
  const parts = rollupPieces(range, split).map((piece) => {
    const isCurrent = sql.raw(String(piece.current));
    return piece.kind === 'rows'
      ? countedRows(source, scope, piece, isCurrent)
      : rolledUp(source, scope, piece, isCurrent);
  });
  return sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
}

const figuresSource: DailySource = {
  daily,
  hourly: dashboardHourlyFigures,
  keys: ['type'],
  figures: countedFigures.map(([name]) => name),
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
