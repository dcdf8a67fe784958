// How a dashboard range is cut for the rollups (decision 0194): whole days, whole hours of the edge days, and at
// most half an hour of conversations at each edge, added or subtracted; none counted when the edges are on the hour.
import { describe, expect, it } from 'vitest';
import { rollupPieces, type RollupPiece } from '../../server/domain/rollup-pieces';

const hour = 60 * 60;
const day = 24 * hour;
const midnight = Date.parse('2026-03-01T00:00:00Z') / 1000;

/** The seconds of conversations a piece list counts from the rows. */
const countedSeconds = (pieces: RollupPiece[]) =>
  pieces.reduce((total, piece) => total + (piece.kind === 'rows' ? piece.end - piece.start : 0), 0);

describe('rollupPieces', () => {
  it('reads a month of days in Paris from whole days and hours, counting one second of rows', () => {
    // 1 March 00:00 to 30 March 23:59:59 in Paris (UTC+1): 23:00 UTC to 22:59:59 UTC.
    const pieces = rollupPieces({ start: midnight - hour, end: midnight + 30 * day - hour - 1 });
    expect(pieces).toEqual([
      { kind: 'days', from: midnight, to: midnight + 29 * day, current: true },
      { kind: 'hours', from: midnight - hour, to: midnight, current: true },
      { kind: 'hours', from: midnight + 29 * day, to: midnight + 30 * day - hour, current: true },
      {
        kind: 'rows',
        start: midnight + 30 * day - hour - 1,
        end: midnight + 30 * day - hour,
        startIncluded: false,
        endIncluded: false,
        sign: -1,
        current: true,
      },
    ]);
  });

  it('cuts the previous period at the split, each side from whole hours when the split is on one', () => {
    const start = midnight + 5 * hour;
    const pieces = rollupPieces({ start: start - 7 * day, end: start + 7 * day - 1 }, start);
    expect(pieces.filter((piece) => piece.kind !== 'rows' && piece.current).length).toBeGreaterThan(0);
    expect(pieces.filter((piece) => piece.kind !== 'rows' && !piece.current).length).toBeGreaterThan(0);
    expect(countedSeconds(pieces)).toBe(1);
  });

  it('counts at most half an hour of rows at each edge, wherever the edges fall', () => {
    for (const offset of [1, 17 * 60, 29 * 60, 30 * 60, 31 * 60, 59 * 60 + 59]) {
      const pieces = rollupPieces({ start: midnight + offset, end: midnight + 40 * day + offset });
      expect(countedSeconds(pieces), String(offset)).toBeLessThanOrEqual(hour);
    }
  });

  it('counts a range within one hour from its rows alone', () => {
    expect(rollupPieces({ start: midnight + 10 * 60, end: midnight + 20 * 60 })).toEqual([
      {
        kind: 'rows',
        start: midnight + 10 * 60,
        end: midnight + 20 * 60,
        startIncluded: true,
        endIncluded: true,
        sign: 1,
        current: true,
      },
    ]);
  });

  it('reads open ends from the days alone', () => {
    expect(rollupPieces({ start: undefined, end: undefined })).toEqual([
      { kind: 'days', from: undefined, to: undefined, current: true },
    ]);
  });
});
