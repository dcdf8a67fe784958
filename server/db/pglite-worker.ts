// The worker thread that owns the embedded PGlite database: it runs the queries, transactions and LISTENs the main
// thread sends, so PostgreSQL's work and the parsing of its results do not hold up the HTTP event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pgliteOptions } from './pglite-options';
import { serialiseError, type QueryResult, type Request, type WorkerMessage } from './pglite-messages';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };
const database = await PGlite.create(pgliteOptions(dataDir));

/**
 * Dates, times, intervals and numeric arrays stay text, as Drizzle's PGlite driver asks (its column mappers parse
 * them): the driver's own parsers are functions, which cannot cross to this thread, so they are repeated here.
 */
const arrayTypes = { numeric: 1231, timestamp: 1115, timestamptz: 1185, interval: 1187, date: 1182 };
const keepAsText = (value: string) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, ...Object.values(arrayTypes)].map(
    (type) => [type, keepAsText],
  ),
);

interface OpenTransaction {
  transaction: Transaction;
  finish(commit: boolean): void;
  /** Settles once PGlite has committed or rolled back. */
  settled: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
const subscriptions = new Map<number, () => Promise<void>>();
const rolledBack = Symbol('rolled back');

/** Opens a transaction that stays open, holding PGlite's transaction lock, until the main thread ends it. */
function begin(transactionId: number): Promise<void> {
  return new Promise((started, failed) => {
    let finish: (commit: boolean) => void = () => undefined;
    const settled = database
      .transaction(async (transaction) => {
        const decided = new Promise<void>((resolve, reject) => {
          finish = (commit) => (commit ? resolve() : reject(rolledBack));
        });
        transactions.set(transactionId, { transaction, finish, settled });
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

async function handle(request: Request): Promise<QueryResult | undefined> {
  switch (request.kind) {
    case 'query': {
      const target =
        request.transactionId === undefined ? database : transactions.get(request.transactionId)?.transaction;
      if (!target) throw new Error(`Transaction ${request.transactionId} is not open`);
      const { rows, fields, affectedRows } = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers,
      });
      return { rows, fields, affectedRows };
    }
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
      const unlisten = await database.listen(channel, (payload) =>
        send({ kind: 'notification', subscriptionId, payload }),
      );
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
}

const send = (message: WorkerMessage) => port.postMessage(message);

port.on('message', ({ id, request }: { id: number; request: Request }) => {
  handle(request)
    .then(
      (result) => send({ kind: 'reply', id, ...(result ? { result } : {}) }),
      (error: unknown) => send({ kind: 'failure', id, error: serialiseError(error) }),
    )
    .finally(() => {
      if (request.kind === 'close') port.close();
    });
});
port.postMessage({ kind: 'reply', id: 0 } satisfies WorkerMessage);
