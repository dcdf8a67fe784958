// The transport to the PGlite worker thread: each request is a message to the worker, answered by one message.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgliteTransport } from './pglite-client';
import { deserialiseError, type QueryResult, type Request, type WorkerMessage } from './pglite-messages';
import type { Notify } from './pglite-session';
import type { StartupPhases } from '../startup-phases';

/**
 * Starts the worker from the sibling file with this module's extension: `.js` in a bundle, which must emit
 * `pglite-worker.js` next to the module holding this code; `.ts` under tsx and Vitest, loaded through tsx's
 * `tsImport` because Node 20 starts a worker's entry before `--import tsx` has registered its hooks there.
 */
function spawnWorker(dataDir: string | undefined): Worker {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const entry = new URL(`./pglite-worker${extension}`, import.meta.url);
  // When it was asked for, as a time both threads read alike, for the worker to time its own start.
  const options = { workerData: { dataDir, spawnedAt: performance.timeOrigin + performance.now() } };
  if (extension !== '.ts') return new Worker(entry, options);
  const bootstrap = `import('tsx/esm/api').then(({ tsImport }) =>
    tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { ...options, eval: true });
}

export async function startPgliteWorker(dataDir: string | undefined): Promise<PgliteTransport> {
  const worker = spawnWorker(dataDir);
  const pending = new Map<number, { resolve(result?: QueryResult): void; reject(error: Error): void }>();
  let notify: Notify = () => undefined;
  let lastId = 0;
  let failure: Error | undefined;
  let stopping = false;
  let openedIn: StartupPhases = {};

  // The worker keeps the process alive only while the main thread waits for it.
  const settle = (id: number) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return waiter;
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.kind === 'notification') notify(message.subscriptionId, message.payload);
    else if (message.kind === 'ready') {
      openedIn = message.openedIn;
      settle(0)?.resolve();
    } else if (message.kind === 'reply') settle(message.id)?.resolve(message.result);
    else settle(message.id)?.reject(deserialiseError(message.error));
  });
  // A worker that dies fails what waits for it and everything sent after, instead of leaving it hanging.
  const failAll = (error: Error) => {
    failure ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(failure);
  };
  worker.on('error', (error) => {
    if (!stopping) console.error(`PGlite worker failed: ${error.message}`);
    failAll(error);
  });
  worker.on('exit', (code) => failAll(new Error(`The PGlite worker stopped (exit code ${code})`)));

  const wait = (id: number) =>
    new Promise<QueryResult | undefined>((resolve, reject) => {
      if (failure) return reject(failure);
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
    });

  // The worker says it is ready as the answer to a request 0 that was never sent.
  await wait(0);
  return {
    openedIn,
    send(request: Request) {
      lastId += 1;
      if (request.kind === 'close') stopping = true;
      const reply = wait(lastId);
      if (!failure) worker.postMessage({ id: lastId, request });
      return reply;
    },
    onNotification: (receiver) => {
      notify = receiver;
    },
    stop: async () => {
      stopping = true;
      await worker.terminate();
    },
  };
}
