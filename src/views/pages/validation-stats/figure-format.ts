// How the statistics pages write their figures in the reader's locale: rates as percentages, weeks by their Monday.
import { DateTime } from 'luxon';

/** A 0–1 rate as a whole percentage ("87 %" in French), or a dash when there is none. */
export const formatRate = (rate: number | null, locale: string): string =>
  rate === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate);

/** A week by its Monday (`YYYY-MM-DD`, UTC), as a short day and month ("Mar 2", "2 mars"). */
export const formatWeek = (week: string, locale: string): string =>
  DateTime.fromISO(week, { zone: 'utc' })
    .setLocale(locale)
    .toLocaleString({ month: 'short', day: 'numeric' });
