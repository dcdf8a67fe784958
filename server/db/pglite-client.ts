// The client Drizzle and the database handle use on the main thread: the part of PGlite's API they call (query,
// transaction, listen, close), each call made a request to the session, on the worker thread or on this one.
import type { QueryResult, Request, RowMode } from './pglite-messages';
import type { Notify } from './pglite-session';
import type { StartupPhases } from '../startup-phases';

interface QueryOptions {
  rowMode?: RowMode;
}

/** What Drizzle's PGlite driver calls on a client, and on the transaction it is handed. */
export interface PgliteQueries {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

export interface PgliteClient extends PgliteQueries {
  transaction<T>(work: (transaction: PgliteQueries) => Promise<T>): Promise<T>;
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How requests reach the thread that runs PGlite's session. */
export interface PgliteTransport {
  send(request: Request): Promise<QueryResult | undefined>;
  /** Sets where the session's notifications go. */
  onNotification(notify: Notify): void;
  /** Frees the thread, once the session has closed the database. */
  stop(): Promise<void>;
  /** How long opening the database took, step by step (./pglite-options). */
  openedIn: StartupPhases;
}

export function pgliteClient(transport: PgliteTransport): PgliteClient {
  const subscriptions = new Map<number, (payload: string) => void>();
  let lastTransactionId = 0;
  let lastSubscriptionId = 0;
  transport.onNotification((subscriptionId, payload) => subscriptions.get(subscriptionId)?.(payload));

  const query =
    (transactionId?: number) =>
    async (sql: string, params: unknown[] = [], options?: QueryOptions) =>
      (await transport.send({
        kind: 'query',
        sql,
        params,
        rowMode: options?.rowMode ?? 'object',
        ...(transactionId === undefined ? {} : { transactionId }),
      })) as QueryResult;

  return {
    query: query(),
    async transaction(work) {
      lastTransactionId += 1;
      const transactionId = lastTransactionId;
      await transport.send({ kind: 'begin', transactionId });
      let result;
      try {
        result = await work({ query: query(transactionId) });
      } catch (error) {
        await transport.send({ kind: 'end', transactionId, commit: false });
        throw error;
      }
      await transport.send({ kind: 'end', transactionId, commit: true });
      return result;
    },
    async listen(channel, listener) {
      lastSubscriptionId += 1;
      const subscriptionId = lastSubscriptionId;
      subscriptions.set(subscriptionId, listener);
      await transport.send({ kind: 'listen', channel, subscriptionId });
      return async () => {
        subscriptions.delete(subscriptionId);
        await transport.send({ kind: 'unlisten', subscriptionId });
      };
    },
    async close() {
      await transport.send({ kind: 'close' });
      await transport.stop();
    },
  };
}
