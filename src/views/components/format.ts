// Dates and sizes as the user's locale writes them, with the cached Intl formatters (no date library on the way).
import { dateTimeFormat, numberFormat } from './intl-formatters';

const mediumDate: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const mediumDateTime: Intl.DateTimeFormatOptions = { ...mediumDate, hour: 'numeric', minute: '2-digit' };

/** A unix-seconds timestamp as a medium date ("Nov 22, 2026", "22 nov. 2026"). */
export const formatDate = (seconds: number, locale: string): string =>
  dateTimeFormat(locale, mediumDate).format(seconds * 1000);

/** A unix-seconds timestamp as a medium date with the time ("Nov 22, 2026, 2:05 PM", "22 nov. 2026, 14:05"). */
export const formatDateTime = (seconds: number, locale: string): string =>
  dateTimeFormat(locale, mediumDateTime).format(seconds * 1000);

/** A size in bytes as the user's locale writes it, in kB below a megabyte ("840 kB", "12.5 MB", "12,5 Mo"). */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] = bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return numberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
