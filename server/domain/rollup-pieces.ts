// A dashboard range cut into what the rollups answer (decision 0194): whole UTC days from the daily rollups, whole
// UTC hours from the hourly ones, and the seconds left at the edges counted from the conversations: added, or
// subtracted from an hour read whole when the edge is nearer the next hour (a day in the user's time zone ends at
// 23:59:59, one second short of an hour). The rows counted are thus at most half an hour at each edge, and none
// when the edges are on the hour, whatever the number of conversations a day.
import type { Range } from './day-ranges';

const hour = 60 * 60;
const day = 24 * hour;

/** Rollup rows whose day or hour starts in [from, to) (unix seconds; open when undefined). */
export type RolledUpPiece = { kind: 'days' | 'hours'; from: number | undefined; to: number | undefined };
/** Conversations started between start and end, each end included or not, counted `sign` times. */
export type RowsPiece = {
  kind: 'rows';
  start: number;
  end: number;
  startIncluded: boolean;
  endIncluded: boolean;
  sign: 1 | -1;
};
/** A piece, and whether it is in the range asked (true) or in the previous period before `split` (false). */
export type RollupPiece = (RolledUpPiece | RowsPiece) & { current: boolean };

const rows = (
  start: number,
  end: number,
  startIncluded: boolean,
  endIncluded: boolean,
  sign: 1 | -1,
): RowsPiece => ({ kind: 'rows', start, end, startIncluded, endIncluded, sign });

/** [start, end] (end included or not) as whole hours and the rows between each edge and its nearest hour. */
function hourPieces(start: number, end: number, endIncluded: boolean): (RolledUpPiece | RowsPiece)[] {
  const from = Math.round(start / hour) * hour;
  const to = Math.round(end / hour) * hour;
  if (from >= to) return [rows(start, end, true, endIncluded, 1)];
  const pieces: (RolledUpPiece | RowsPiece)[] = [{ kind: 'hours', from, to }];
  if (start < from) pieces.push(rows(start, from, true, false, 1));
  if (from < start) pieces.push(rows(from, start, true, false, -1));
  if (to < end || (to === end && endIncluded)) pieces.push(rows(to, end, true, endIncluded, 1));
  if (end < to) pieces.push(rows(end, to, !endIncluded, false, -1));
  return pieces;
}

/** One period [start, end] (end included or not): its whole days, and its edges' hours and rows. */
function periodPieces(start: number | undefined, end: number | undefined, endIncluded: boolean) {
  const from = start === undefined ? undefined : Math.ceil(start / day) * day;
  const to = end === undefined ? undefined : Math.floor(end / day) * day;
  if (start !== undefined && end !== undefined && from !== undefined && to !== undefined && from >= to) {
    return hourPieces(start, end, endIncluded);
  }
  const pieces: (RolledUpPiece | RowsPiece)[] = [{ kind: 'days', from, to }];
  if (start !== undefined && from !== undefined && start < from)
    pieces.push(...hourPieces(start, from, false));
  if (end !== undefined && to !== undefined && (to < end || endIncluded)) {
    pieces.push(...hourPieces(to, end, endIncluded));
  }
  return pieces;
}

/**
 * The pieces of `range` (its end included, as the graphs' `endTs`): with a `split`, the part before it (the KPIs'
 * previous period) and the part from it on are cut apart, so that no piece is in both.
 */
export function rollupPieces(range: Range, split?: number): RollupPiece[] {
  const period = (
    start: number | undefined,
    end: number | undefined,
    endIncluded: boolean,
    current: boolean,
  ) => periodPieces(start, end, endIncluded).map((piece) => ({ ...piece, current }));
  if (split === undefined) return period(range.start, range.end, true, true);
  return [...period(range.start, split, false, false), ...period(split, range.end, true, true)];
}
