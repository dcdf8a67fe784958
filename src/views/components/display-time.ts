// When something happened, as spec §9 shows times (notifications, conversation lists): same day HH:mm, previous
// day "Yesterday", same year "N days ago", otherwise the local date. Pure: the caller gives "now", the locale and
// the time zone. Date and Intl rather than Luxon: notifications show on the first render, before any page needs
// Luxon.
import { dateTimeFormat } from './intl-formatters';

export type DisplayTime =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'date'; text: string };

interface CalendarParts {
  year: number;
  /** Days since 1970-01-01 of the calendar day, to count whole days between two of them. */
  day: number;
  time: string;
}

/** The calendar of `timeZone` as parts, one formatter per zone (a list formats two dates per row). */
const calendarFormats = new Map<string, Intl.DateTimeFormat>();

function calendarParts(at: Date, timeZone: string): CalendarParts {
  let format = calendarFormats.get(timeZone);
  if (!format) {
    format = dateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    calendarFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const year = Number(part('year'));
  return {
    year,
    day: Date.UTC(year, Number(part('month')) - 1, Number(part('day'))) / 86_400_000,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** "Now" as calendar parts, kept while the rows of one render ask with the same second and zone. */
let lastNow: { second: number; timeZone: string; parts: CalendarParts } | null = null;

function todayParts(now: Date, timeZone: string): CalendarParts {
  const second = Math.floor(now.getTime() / 1000);
  if (lastNow?.second !== second || lastNow.timeZone !== timeZone) {
    lastNow = { second, timeZone, parts: calendarParts(now, timeZone) };
  }
  return lastNow.parts;
}

let browserTimeZone: string | undefined;

export function displayTime(
  seconds: number,
  now: Date,
  locale: string,
  timeZone: string = (browserTimeZone ??= dateTimeFormat(undefined).resolvedOptions().timeZone),
): DisplayTime {
  const at = new Date(seconds * 1000);
  const when = calendarParts(at, timeZone);
  const today = todayParts(now, timeZone);
  if (when.day === today.day) return { kind: 'time', text: when.time };
  if (when.day === today.day - 1) return { kind: 'yesterday' };
  if (when.year === today.year && at < now) return { kind: 'daysAgo', days: today.day - when.day };
  const date = dateTimeFormat(locale, { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  return { kind: 'date', text: date.format(at) };
}
