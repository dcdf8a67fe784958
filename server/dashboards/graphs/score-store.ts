// The main score's SQL: its evolution per day, week or month of the conversations' start (UTC), and its
// distribution in bins of 10 points. Only done evaluations with a score count; an auto-failed one scores 0.
import { and, eq, sql } from 'drizzle-orm';
import {
  scoreBinWidth,
  type ScoreDistribution,
  type ScoreEvolution,
  type ScoreInterval,
} from '../../../contract/dashboard-graphs';
import type { Database } from '../../db/client';
import { conversations, evaluations } from '../../db/schema';
import { inGraphScope, scoredEvaluation, type GraphScope } from './scope';

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

export async function findScoreEvolution(
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

const binCount = 100 / scoreBinWidth;

export async function findScoreDistribution(db: Database, scope: GraphScope): Promise<ScoreDistribution> {
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
  return {
    bins: Array.from({ length: binCount }, (_, index) => ({
      min: index * scoreBinWidth,
      max: (index + 1) * scoreBinWidth,
      count: counts.get(index) ?? 0,
    })),
    auto_failed: rows.reduce((total, row) => total + row.auto_failed, 0),
  };
}
