// List queries: keyset pages (one row more than the page, to know whether another follows), text search, and the
// order lists are sorted in for people.
import { ilike, type Column } from 'drizzle-orm';

/** The page of `rows` (read with `limit + 1`) as the API answers lists: `{ items, next_start_after }`. */
export function toPage<Row, Item extends { id: string }>(
  rows: Row[],
  limit: number,
  present: (row: Row) => Item,
) {
  const items = rows.slice(0, limit).map(present);
  return { items, next_start_after: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** Case-insensitive "contains", with `%`, `_` and `\` in the search taken literally; no condition without one. */
export const containing = (column: Column, search: string | undefined) =>
  search ? ilike(column, `%${search.replace(/[\\%_]/g, '\\$&')}%`) : undefined;

/**
 * Sorts names and values for people rather than by bytes (so `Île-de-France` comes before `North`), the same way
 * on PGlite and PostgreSQL whatever their collation.
 */
export const humanOrder = new Intl.Collator('en');

export const byName = (a: { name: string }, b: { name: string }) => humanOrder.compare(a.name, b.name);
