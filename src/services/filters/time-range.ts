// The default time range (spec §3, §9): the last month, from the start of that day to the end of today. Local
// calendar days with Date: this runs on the home page's first render, which does without Luxon's download.
import type { TimeRange } from '../../../contract/filters';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const endOfDay = (date: Date) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
const daysBefore = (date: Date, days: number) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate() - days);

/** The same day `months` earlier, or the last day of that month when it is shorter (31 March → 28 February). */
function monthsBefore(date: Date, months: number): Date {
  const lastDay = new Date(date.getFullYear(), date.getMonth() - months + 1, 0).getDate();
  return new Date(date.getFullYear(), date.getMonth() - months, Math.min(date.getDate(), lastDay));
}

export function defaultTimeRange(now: Date = new Date()): TimeRange {
  return { start: seconds(startOfDay(monthsBefore(now, 1))), end: seconds(endOfDay(now)) };
}

export const timeRangePresets = ['last7Days', 'lastMonth', 'last3Months', 'thisYear'] as const;
export type TimeRangePreset = (typeof timeRangePresets)[number];

/** The range a preset names, ending at the end of today. */
export function presetTimeRange(preset: TimeRangePreset, now: Date = new Date()): TimeRange {
  const end = seconds(endOfDay(now));
  switch (preset) {
    case 'last7Days':
      return { start: seconds(daysBefore(now, 6)), end };
    case 'lastMonth':
      return defaultTimeRange(now);
    case 'last3Months':
      return { start: seconds(startOfDay(monthsBefore(now, 3))), end };
    case 'thisYear':
      return { start: seconds(new Date(now.getFullYear(), 0, 1)), end };
  }
}

/** The preset a range equals today, or 'custom'. */
export function presetOf(range: TimeRange, now: Date = new Date()): TimeRangePreset | 'custom' {
  return (
    timeRangePresets.find((preset) => {
      const candidate = presetTimeRange(preset, now);
      return candidate.start === range.start && candidate.end === range.end;
    }) ?? 'custom'
  );
}

/** A calendar day written yyyy-MM-dd, as a local date; null when it is no such day (2026-02-30). */
function parseIsoDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const parsed = new Date(year, month - 1, date);
  return parsed.getFullYear() === year && parsed.getMonth() === month - 1 && parsed.getDate() === date
    ? parsed
    : null;
}

/** A range from two calendar days (yyyy-MM-dd, local time), whole days included. */
export function customTimeRange(from: string, to: string): TimeRange | null {
  const start = parseIsoDay(from);
  const end = parseIsoDay(to);
  if (!start || !end || end < start) return null;
  return { start: seconds(start), end: seconds(endOfDay(end)) };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

export function isoDay(at: number): string {
  const date = new Date(at * 1000);
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}
