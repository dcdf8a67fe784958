// Times as files write them: unix seconds, or an ISO 8601 date and time (with a space or a "T"); a time without
// an offset is read in the browser's time zone, as the person who exported the file would read it.
import { DateTime } from 'luxon';

/** Unix seconds, or null when the text is no time this reads. */
export function parseFileTime(text: string): number | null {
  const value = text.trim();
  if (/^\d{1,12}$/.test(value)) return Number(value);
  const parsed = [DateTime.fromISO(value), DateTime.fromSQL(value)].find((time) => time.isValid);
  return parsed ? Math.floor(parsed.toSeconds()) : null;
}
