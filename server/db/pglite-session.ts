// The one PGlite session the server uses, on whichever thread runs PGlite: it answers the requests of
// ./pglite-messages (queries, transactions pinned by id, LISTEN) on an open database.
import { types, type PGlite } from '@electric-sql/pglite';
import type { QueryResult, Request, RowMode } from './pglite-messages';
import { preparedStatements } from './pglite-statements';

/**
 * Dates, times, intervals and numeric arrays stay text, as Drizzle's PGlite driver asks (its column mappers parse
 * them): the driver passes its parsers with every query, and they are functions, which cannot cross to a worker
 * thread, so the session applies the same ones to every query, on either thread.
 */
const arrayTypes = { numeric: 1231, timestamp: 1115, timestamptz: 1185, interval: 1187, date: 1182 };
const keepAsText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, ...Object.values(arrayTypes)].map(
    (type) => [type, keepAsText],
  ),
);

/** Receives what `pg_notify` sent to the channel of a subscription. */
export type Notify = (subscriptionId: number, payload: string) => void;

export type PgliteSession = (request: Request) => Promise<QueryResult | undefined>;

interface OpenTransaction {
  finish(commit: boolean): void;
  /** Settles once PGlite has committed or rolled back. */
  settled: Promise<void>;
}

const rolledBack = Symbol('rolled back');

export function pgliteSession(database: PGlite, notify: Notify): PgliteSession {
  const run = preparedStatements(database, parsers);
  const transactions = new Map<number, OpenTransaction>();
  const subscriptions = new Map<number, () => Promise<void>>();

  /** Opens a transaction that stays open, holding PGlite's transaction lock, until `end` is asked for. */
  function begin(transactionId: number): Promise<void> {
    return new Promise((started, failed) => {
      let finish: (commit: boolean) => void = () => undefined;
      const settled = database
        .transaction(async () => {
          const decided = new Promise<void>((resolve, reject) => {
            finish = (commit) => (commit ? resolve() : reject(rolledBack));
          });
          transactions.set(transactionId, { finish, settled });
          started();
          await decided;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        })
        .finally(() => transactions.delete(transactionId));
      settled.catch(failed);
    });
  }

  /** Inside a transaction its lock is held already; outside one the query waits for it, as PGlite's `query` does. */
  function query(sql: string, params: unknown[], rowMode: RowMode, transactionId?: number) {
    const execute = () => database.runExclusive(() => run(sql, params, rowMode));
    if (transactionId === undefined) return database._runExclusiveTransaction(execute);
    if (!transactions.has(transactionId)) throw new Error(`Transaction ${transactionId} is not open`);
    return execute();
  }

  return async (request) => {
    switch (request.kind) {
      case 'query':
        return query(request.sql, request.params, request.rowMode, request.transactionId);
      case 'begin':
        await begin(request.transactionId);
        return undefined;
      case 'end': {
        const open = transactions.get(request.transactionId);
        if (!open) throw new Error(`Transaction ${request.transactionId} is not open`);
        open.finish(request.commit);
        await open.settled;
        return undefined;
      }
      case 'listen': {
        const { channel, subscriptionId } = request;
        const unlisten = await database.listen(channel, (payload) => notify(subscriptionId, payload));
        subscriptions.set(subscriptionId, unlisten);
        return undefined;
      }
      case 'unlisten':
        await subscriptions.get(request.subscriptionId)?.();
        subscriptions.delete(request.subscriptionId);
        return undefined;
      case 'close':
        await database.close();
        return undefined;
    }
  };
}
