// When something happened, as spec §9 shows times (notifications, conversation lists): same day HH:mm, previous
// day "Yesterday", same year "N days ago", otherwise the local date. Pure: the caller gives "now" and the locale.
import { DateTime } from 'luxon';

export type DisplayTime =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'date'; text: string };

export function displayTime(seconds: number, now: DateTime, locale: string): DisplayTime {
  const at = DateTime.fromSeconds(seconds, { zone: now.zone });
  if (at.hasSame(now, 'day')) return { kind: 'time', text: at.toFormat('HH:mm') };
  if (at.hasSame(now.minus({ days: 1 }), 'day')) return { kind: 'yesterday' };
  if (at.hasSame(now, 'year') && at < now) {
    return { kind: 'daysAgo', days: Math.round(now.startOf('day').diff(at.startOf('day'), 'days').days) };
  }
  return { kind: 'date', text: at.setLocale(locale).toLocaleString(DateTime.DATE_SHORT) };
}
