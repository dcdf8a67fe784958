// The default time range (spec §3, §9): the last month, from the start of that day to the end of today.
import { DateTime } from 'luxon';
import type { TimeRange } from '../../../contract/filters';

export function defaultTimeRange(now: DateTime = DateTime.local()): TimeRange {
  return {
    start: Math.floor(now.minus({ months: 1 }).startOf('day').toSeconds()),
    end: Math.floor(now.endOf('day').toSeconds()),
  };
}

export const timeRangePresets = ['last7Days', 'lastMonth', 'last3Months', 'thisYear'] as const;
export type TimeRangePreset = (typeof timeRangePresets)[number];

/** The range a preset names, ending at the end of today. */
export function presetTimeRange(preset: TimeRangePreset, now: DateTime = DateTime.local()): TimeRange {
  const end = Math.floor(now.endOf('day').toSeconds());
  const startOf = (from: DateTime) => Math.floor(from.startOf('day').toSeconds());
  switch (preset) {
    case 'last7Days':
      return { start: startOf(now.minus({ days: 6 })), end };
    case 'lastMonth':
      return defaultTimeRange(now);
    case 'last3Months':
      return { start: startOf(now.minus({ months: 3 })), end };
    case 'thisYear':
      return { start: startOf(now.startOf('year')), end };
  }
}

/** The preset a range equals today, or 'custom'. */
export function presetOf(range: TimeRange, now: DateTime = DateTime.local()): TimeRangePreset | 'custom' {
  return (
    timeRangePresets.find((preset) => {
      const candidate = presetTimeRange(preset, now);
      return candidate.start === range.start && candidate.end === range.end;
    }) ?? 'custom'
  );
}

/** A range from two calendar days (yyyy-MM-dd, local time), whole days included. */
export function customTimeRange(from: string, to: string): TimeRange | null {
  const start = DateTime.fromISO(from);
  const end = DateTime.fromISO(to);
  if (!start.isValid || !end.isValid || end < start) return null;
  return {
    start: Math.floor(start.startOf('day').toSeconds()),
    end: Math.floor(end.endOf('day').toSeconds()),
  };
}

export const isoDay = (seconds: number): string => DateTime.fromSeconds(seconds).toISODate() ?? '';
