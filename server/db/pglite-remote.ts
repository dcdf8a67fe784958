// The main thread's side of the PGlite worker: a client with the part of PGlite's API that Drizzle and the
// database handle use (query, transaction, listen, close), each call sent to the worker as a message.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  deserialiseError,
  type QueryResult,
  type Request,
  type RowMode,
  type WorkerMessage,
} from './pglite-messages';

interface QueryOptions {
  rowMode?: RowMode;
}

/** What Drizzle's PGlite driver calls on a client, and on the transaction it is handed. */
export interface RemoteQueries {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
}

export interface RemotePglite extends RemoteQueries {
  transaction<T>(work: (transaction: RemoteQueries) => Promise<T>): Promise<T>;
  listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Starts the worker from the sibling file with this module's extension: `.js` in a bundle, which must emit
 * `pglite-worker.js` next to the module holding this code; `.ts` under tsx and Vitest, loaded through tsx's
 * `tsImport` because Node 20 starts a worker's entry before `--import tsx` has registered its hooks there.
 */
function spawnWorker(dataDir: string | undefined): Worker {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./pglite-worker${extension}`, import.meta.url);
  const options = { workerData: { dataDir } };
  if (extension !== '.ts') return new Worker(entry, options);
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) =>
    tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}

export async function startPgliteWorker(dataDir: string | undefined): Promise<RemotePglite> {
  const worker = spawnWorker(dataDir);
  const pending = new Map<number, { resolve(result?: QueryResult): void; reject(error: Error): void }>();
  const subscriptions = new Map<number, (payload: string) => void>();
  let lastId = 0;
  let lastTransactionId = 0;
  let lastSubscriptionId = 0;
  let failure: Error | undefined;
  let closing = false;

  // The worker keeps the process alive only while the main thread waits for it.
  const settle = (id: number) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiter;
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'notification') subscriptions.get(message.subscriptionId)?.(message.payload);
    else if (message.kind === 'reply') settle(message.id)?.resolve(message.result);
    else settle(message.id)?.reject(deserialiseError(message.error));
  });
  // A worker that dies fails what waits for it and everything sent after, instead of leaving it hanging.
  const failAll = (error: Error) => {
    failure ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(failure);
  };
  worker.on('error', (error) => {
    if (!closing) console.error(`PGlite worker failed: ${error.message}`);
    failAll(error);
  });
  worker.on('exit', (code) => failAll(new Error(`The PGlite worker stopped (exit code ${code})`)));

  const wait = (id: number) =>
    new Promise<QueryResult | undefined>((resolve, reject) => {
      if (failure) return reject(failure);
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
    });
  const send = (request: Request) => {
    lastId += 1;
    const reply = wait(lastId);
    if (!failure) worker.postMessage({ id: lastId, request });
    return reply;
  };
  const query =
    (transactionId?: number) =>
    async (sql: string, params: unknown[] = [], options?: QueryOptions) =>
      (await send({
        kind: 'query',
        sql,
        params,
        rowMode: options?.rowMode ?? 'object',
        ...(transactionId === undefined ? {} : { transactionId }),
      })) as QueryResult;

  await wait(0);
  return {
    query: query(),
    async transaction(work) {
      lastTransactionId += 1;
      const transactionId = lastTransactionId;
      await send({ kind: 'begin', transactionId });
      let result;
      try {
        result = await work({ query: query(transactionId) });
      } catch (error) {
        await send({ kind: 'end', transactionId, commit: false });
        throw error;
      }
      await send({ kind: 'end', transactionId, commit: true });
      return result;
    },
    async listen(channel, listener) {
      lastSubscriptionId += 1;
      const subscriptionId = lastSubscriptionId;
      subscriptions.set(subscriptionId, listener);
      await send({ kind: 'listen', channel, subscriptionId });
      return async () => {
        subscriptions.delete(subscriptionId);
        await send({ kind: 'unlisten', subscriptionId });
      };
    },
    async close() {
      closing = true;
      await send({ kind: 'close' });
      await worker.terminate();
    },
  };
}
