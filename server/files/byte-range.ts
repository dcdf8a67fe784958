// Reads an HTTP Range header (RFC 9110 §14) for a file of known size: one byte range, so a player can seek.
import type { ByteRange } from '../storage/files';

/**
 * What to send for `header` on a file of `size` bytes:
 * - `whole`: no range, or one the server may ignore (malformed, another unit, several ranges): the whole file, 200;
 * - `range`: the inclusive byte range to send with 206;
 * - `unsatisfiable`: a well-formed range that starts past the end (or an empty file), 416.
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

const singleByteRange = /^bytes=(\d*)-(\d*)$/;

export function byteRangeOf(header: string | undefined, size: number): RangeAnswer {
  const match = header ? singleByteRange.exec(header.trim()) : null;
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end: Math.min(end, size - 1) } };
}
