// The main score's SQL: its evolution per day, week or month of the conversations' start (UTC), and its
// distribution in bins of 10 points. Only done evaluations with a score count; an auto-failed one scores 0. Both
// sum the daily rollup when it serves the scope (UTC days make whole weeks and months), else read the evaluations.
import { and, eq, sql } from 'drizzle-orm';
import {
  scoreBinWidth,
  type ScoreDistribution,
  type ScoreEvolution,
  type ScoreInterval,
} from '../../../contract/dashboard-graphs';
import type { Database } from '../../db/client';
import { conversations, evaluations } from '../../db/schema';
import { aggregateDays, averageScore, dailyFigures, servedByRollup } from './daily-figures-store';
import { inGraphScope, scoredEvaluation, type GraphScope } from './scope-store';

const day = 24 * 60 * 60;

/** The bucket size for a range: up to 31 days by day, up to 183 by week, longer (or open) by month. */
export function intervalFor({
  start,
  end,
}: {
  start: number | undefined;
  end: number | undefined;
}): ScoreInterval {
  if (start === undefined || end === undefined) return 'month';
  const days = (end - start) / day;
  return days <= 31 ? 'day' : days <= 183 ? 'week' : 'month';
}

/** The main score's evolution counted from the scope's evaluations. */
export async function scoreEvolutionOfConversations(
  db: Database,
  scope: GraphScope,
  asked: ScoreInterval | undefined,
): Promise<ScoreEvolution> {
  const interval = asked ?? intervalFor(scope);
  // The interval is one of the contract's words, written into the statement so that the grouping and the selected
  // bucket are the same expression.
  const bucket = sql`date_trunc('${sql.raw(interval)}', ${conversations.startedAt} at time zone 'UTC')`;
  const points = await db
    .select({
      period_start: sql<string>`${bucket}::date::text`,
      evaluated: sql<number>`count(*)::int`,
      average_score: sql<number>`avg(${evaluations.mainScore})::float8`,
    })
    .from(conversations)
    .innerJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(and(inGraphScope(scope), scoredEvaluation))
    .groupBy(bucket)
    .orderBy(bucket);
  return { interval, points };
}

/** The main score's evolution summed from the rollups (`byDays`): days, the edges' hours and minutes. */
export async function scoreEvolutionOfDays(
  db: Database,
  scope: GraphScope,
  asked: ScoreInterval | undefined,
): Promise<ScoreEvolution> {
  const interval = asked ?? intervalFor(scope);
  const bucket = sql`date_trunc('${sql.raw(interval)}', figures.day::timestamp)`;
  const points = await aggregateDays<ScoreEvolution['points'][number]>(
    db,
    sql`select ${bucket}::date::text as period_start, sum(figures.scored)::int as evaluated,
        ${averageScore()} as average_score
      from (${dailyFigures(scope)}) as figures
      group by ${bucket}
      having sum(figures.scored) > 0
      order by ${bucket}`,
  );
  return { interval, points };
}

export async function findScoreEvolution(
  db: Database,
  scope: GraphScope,
  asked: ScoreInterval | undefined,
): Promise<ScoreEvolution> {
  return (servedByRollup(scope) ? scoreEvolutionOfDays : scoreEvolutionOfConversations)(db, scope, asked);
}

const binCount = 100 / scoreBinWidth;

/** The answer from each bin's count (by bin index) and the auto-failed count. */
function distributionAnswer(countIn: (bin: number) => number, autoFailed: number): ScoreDistribution {
  return {
    bins: Array.from({ length: binCount }, (_, index) => ({
      min: index * scoreBinWidth,
      max: (index + 1) * scoreBinWidth,
      count: countIn(index),
    })),
    auto_failed: autoFailed,
  };
}

/** The main score's distribution counted from the scope's evaluations. */
export async function scoreDistributionOfConversations(
  db: Database,
  scope: GraphScope,
): Promise<ScoreDistribution> {
  // 100 falls in the last bin, with the 90s.
  const bin = sql`least(floor(${evaluations.mainScore} / ${sql.raw(String(scoreBinWidth))}), ${sql.raw(String(binCount - 1))})::int`;
  const rows = await db
    .select({
      bin: sql<number>`${bin}`,
      count: sql<number>`count(*)::int`,
      auto_failed: sql<number>`(count(*) filter (where ${evaluations.autoFailed}))::int`,
    })
    .from(conversations)
    .innerJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(and(inGraphScope(scope), scoredEvaluation))
    .groupBy(bin);
  const counts = new Map(rows.map((row) => [row.bin, row.count]));
  return distributionAnswer(
    (bin) => counts.get(bin) ?? 0,
    rows.reduce((total, row) => total + row.auto_failed, 0),
  );
}

/** The main score's distribution summed from the rollups' bins (`byDays`). */
export async function scoreDistributionOfDays(db: Database, scope: GraphScope): Promise<ScoreDistribution> {
  const [row] = await aggregateDays<{ bins: number[]; auto_failed: number }>(
    db,
    sql`select array[${sql.raw(
      Array.from({ length: binCount }, (_, bin) => `coalesce(sum(figures.score_bin_${bin}), 0)::int`).join(
        ', ',
      ),
    )}] as bins, coalesce(sum(figures.auto_failed), 0)::int as auto_failed
      from (${dailyFigures(scope)}) as figures`,
  );
  if (!row) throw new Error('An aggregate answers one row');
  return distributionAnswer((bin) => row.bins[bin] ?? 0, row.auto_failed);
}

export async function findScoreDistribution(db: Database, scope: GraphScope): Promise<ScoreDistribution> {
  return (servedByRollup(scope) ? scoreDistributionOfDays : scoreDistributionOfConversations)(db, scope);
}
