// The SQL pieces list queries share: a case-insensitive text search on a column.
import { ilike, type Column } from 'drizzle-orm';

/** Case-insensitive "contains", with `%`, `_` and `\` in the search taken literally; no condition without one. */
export const containing = (column: Column, search: string | undefined) =>
  search ? ilike(column, `%${search.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
