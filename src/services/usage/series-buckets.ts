// The usage chart's time axis: every bucket of the period (UTC days, Monday weeks, months, as the server groups),
// empty ones included with no usage, so that a quiet day shows as one.
import { DateTime } from 'luxon';
import {
  noUsageFigures,
  type OrganisationUsage,
  type UsageFigures,
  type UsageGrouping,
} from '../../../contract/usage';

/** Most buckets drawn: a year of days and some. */
const maxBuckets = 400;

export interface UsageBucket {
  period_start: string;
  figures: UsageFigures;
}

export function fillUsageBuckets(
  usage: Pick<OrganisationUsage, 'group_by' | 'series'>,
  startTs: number,
  endTs: number,
): UsageBucket[] {
  const grouping: UsageGrouping = usage.group_by;
  const byStart = new Map(usage.series.map((point) => [point.period_start, point.figures]));
  const to = DateTime.fromSeconds(endTs, { zone: 'utc' });
  const buckets: UsageBucket[] = [];
  for (
    let at = DateTime.fromSeconds(startTs, { zone: 'utc' }).startOf(grouping);
    at <= to && buckets.length < maxBuckets;
    at = at.plus({ [grouping]: 1 })
  ) {
    const period_start = at.toISODate() as string;
    buckets.push({ period_start, figures: byStart.get(period_start) ?? noUsageFigures() });
  }
  return buckets;
}
