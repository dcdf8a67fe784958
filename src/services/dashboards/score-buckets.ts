// The score evolution's time axis: the bucket size a period calls for (the server's own rule), and every bucket
// of the period, empty ones included, so that a gap in the data shows as a gap rather than a shortcut.
import { DateTime } from 'luxon';
import type { ScoreEvolution, ScoreInterval } from '../../../contract/dashboard-graphs';

const daySeconds = 86_400;
/** Most buckets drawn: a year of days and some. */
const maxBuckets = 400;

/** Up to 31 days: days; up to 183: weeks; longer or open: months. */
export function defaultInterval(startTs: number | undefined, endTs: number | undefined): ScoreInterval {
  if (startTs === undefined || endTs === undefined) return 'month';
  const days = (endTs - startTs) / daySeconds;
  return days <= 31 ? 'day' : days <= 183 ? 'week' : 'month';
}

export interface ScoreBucket {
  /** The bucket's first day (`YYYY-MM-DD`, UTC; weeks start on Monday). */
  period_start: string;
  evaluated: number;
  /** Null when no evaluation with a score falls in it. */
  average_score: number | null;
}

const bucketStart = (at: DateTime, interval: ScoreInterval) => at.startOf(interval);

/**
 * Every bucket from the one holding `startTs` to the one holding `endTs` (from the first point to the last when
 * the period is open), with the points' figures where there are some.
 */
export function fillBuckets(
  evolution: ScoreEvolution,
  startTs: number | undefined,
  endTs: number | undefined,
): ScoreBucket[] {
  const { interval, points } = evolution;
  const byStart = new Map(points.map((point) => [point.period_start, point]));
  const first = startTs === undefined ? points[0]?.period_start : undefined;
  const last = endTs === undefined ? points.at(-1)?.period_start : undefined;
  const from =
    startTs !== undefined
      ? DateTime.fromSeconds(startTs, { zone: 'utc' })
      : first && DateTime.fromISO(first, { zone: 'utc' });
  const to =
    endTs !== undefined
      ? DateTime.fromSeconds(endTs, { zone: 'utc' })
      : last && DateTime.fromISO(last, { zone: 'utc' });
  if (!from || !to) return [];
  const buckets: ScoreBucket[] = [];
  for (
    let at = bucketStart(from, interval);
    at <= to && buckets.length < maxBuckets;
    at = at.plus({ [interval]: 1 })
  ) {
    const period_start = at.toISODate() as string;
    const point = byStart.get(period_start);
    buckets.push({
      period_start,
      evaluated: point?.evaluated ?? 0,
      average_score: point?.average_score ?? null,
    });
  }
  return buckets;
}
