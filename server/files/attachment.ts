// The Content-Disposition of a download: the file name as given (UTF-8) with a plain ASCII name for old clients.
import { create } from 'content-disposition';

/** Characters no file system accepts in a name, and control characters, become dashes. */
const unsafeInFileName = /[/\\:*?"<>|\p{Cc}]+/gu;

/** `Île-de-France` → `Ile-de-France`: accents dropped, anything else outside ASCII replaced. */
const asciiFileName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');

export function attachment(fileName: string): string {
  const safe = fileName.replace(unsafeInFileName, '-');
  return create(safe, { fallback: asciiFileName(safe) });
}

/** The date part of a download's name: today, as the reader's files sort (YYYY-MM-DD, UTC). */
export const fileDate = (now = new Date()) => now.toISOString().slice(0, 10);
