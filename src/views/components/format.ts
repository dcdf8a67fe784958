// Dates as the user's locale writes them.
import { DateTime } from 'luxon';

/** A unix-seconds timestamp as a medium date ("Nov 22, 2026", "22 nov. 2026"). */
export const formatDate = (seconds: number, locale: string): string =>
  DateTime.fromSeconds(seconds).setLocale(locale).toLocaleString(DateTime.DATE_MED);
