// Drizzle prepared queries built once per database instead of on every call (decision 0191): the SQL text and
// its row mapping are made the first time, and PostgreSQL keeps the parsed statement per connection by its name.
import type { Database } from './client';

/** The query `prepare` builds on a database, built on the first call for that database and reused after. */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/**
 * The rows of a prepared query as the driver returns them, under the names the query gives its columns, without
 * drizzle's row mapping. Both drivers' prepared queries (node-postgres and PGlite) answer `all` so; drizzle's shared
 * type leaves it out.
 */
export function driverRows(query: object, values: Record<string, unknown>): Promise<unknown[]> {
  return (query as { all(values: Record<string, unknown>): Promise<unknown[]> }).all(values);
}
