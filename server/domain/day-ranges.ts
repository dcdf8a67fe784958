// A time range split into whole UTC days (read from daily rollups) and the parts at its edges (counted from the
// rows themselves), for the usage report (the dashboards' graphs cut theirs in rollup-pieces.ts).
const day = 24 * 60 * 60;

/** Unix seconds: the start inclusive, the end inclusive (as the graphs' `endTs`); open when undefined. */
export type Range = { start: number | undefined; end: number | undefined };

/** The whole UTC days inside the range, as day starts [from, to); null when there is none. */
export function wholeDays({ start, end }: Range) {
  const from = start === undefined ? undefined : Math.ceil(start / day) * day;
  const to = end === undefined ? undefined : Math.floor(end / day) * day;
  if (from !== undefined && to !== undefined && from >= to) return null;
  return { from, to };
}

/** The parts of the range left out of the whole days: each a start (inclusive) and an end, inclusive or not. */
export function edges(range: Range, days: ReturnType<typeof wholeDays>) {
  if (!days) return [{ start: range.start, end: range.end, endIncluded: true }];
  const parts: { start: number | undefined; end: number | undefined; endIncluded: boolean }[] = [];
  if (range.start !== undefined && days.from !== undefined && range.start < days.from) {
    parts.push({ start: range.start, end: days.from, endIncluded: false });
  }
  if (range.end !== undefined && days.to !== undefined) {
    parts.push({ start: days.to, end: range.end, endIncluded: true });
  }
  return parts;
}
