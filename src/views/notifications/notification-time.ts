// When a notification happened, as spec §9 shows it: same day HH:mm, previous day "Yesterday", same year
// "N days ago", otherwise the local date. Pure: the caller gives "now" and the locale.
import { DateTime } from 'luxon';

export type NotificationTime =
  | { kind: 'time'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'date'; text: string };

export function notificationTime(createdAt: number, now: DateTime, locale: string): NotificationTime {
  const at = DateTime.fromSeconds(createdAt, { zone: now.zone }).setLocale(locale);
  const today = now.startOf('day');
  const day = at.startOf('day');
  if (day.equals(today)) return { kind: 'time', text: at.toFormat('HH:mm') };
  if (day.equals(today.minus({ days: 1 }))) return { kind: 'yesterday' };
  if (at.year === now.year && day < today) {
    return { kind: 'daysAgo', days: Math.round(today.diff(day, 'days').days) };
  }
  return { kind: 'date', text: at.toLocaleString(DateTime.DATE_SHORT) };
}
