// When a notification happened, as spec §9 shows it: same day HH:mm, previous day "Yesterday", same year
// "N days ago", otherwise the local date. Pure: the caller gives "now" and the locale.
import { DateTime } from 'luxon';

export type NotificationTime =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'date'; text: string };

export function notificationTime(createdAt: number, now: DateTime, locale: string): NotificationTime {
  const at = DateTime.fromSeconds(createdAt, { zone: now.zone });
  if (at.hasSame(now, 'day')) return { kind: 'time', text: at.toFormat('HH:mm') };
  if (at.hasSame(now.minus({ days: 1 }), 'day')) return { kind: 'yesterday' };
  if (at.hasSame(now, 'year') && at < now) {
    return { kind: 'daysAgo', days: Math.round(now.startOf('day').diff(at.startOf('day'), 'days').days) };
  }
  return { kind: 'date', text: at.setLocale(locale).toLocaleString(DateTime.DATE_SHORT) };
}
