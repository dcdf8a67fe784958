// Lists as the API answers them: keyset pages (one row more than the page, to know whether another follows), and the
// order lists are sorted in for people. Their SQL search condition is in ./lists-store.

/** The page of `rows` (read with `limit + 1`) as the API answers lists: `{ items, next_start_after }`. */
export function toPage<Row, Item extends { id: string }>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
) {
  const items = rows.slice(0, limit).map(present);
  return { items, next_start_after: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/**
 * Sorts names and values for people rather than by bytes (so `Île-de-France` comes before `North`), the same way
 * on PGlite and PostgreSQL whatever their collation.
 */
export const humanOrder = new Intl.Collator('en');

export const byName = (a: { name: string }, b: { name: string }) => humanOrder.compare(a.name, b.name);
