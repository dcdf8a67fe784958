// The worker thread that owns the embedded PGlite database: it answers the main thread's requests through the
// session, so PostgreSQL's work and the parsing of its results do not hold up the HTTP event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { createPglite } from './pglite-options';
import { serialiseError, type Request, type WorkerMessage } from './pglite-messages';
import { pgliteSession } from './pglite-session';

const port = parentPort!;
const { dataDir, spawnedAt } = workerData as { dataDir: string | undefined; spawnedAt: number };
const send = (message: WorkerMessage) => port.postMessage(message);
const { database, openedIn } = await createPglite(dataDir, spawnedAt);
const session = pgliteSession(database, (subscriptionId, payload) =>
  send({ kind: 'notification', subscriptionId, payload }),
);

port.on('message', ({ id, request }: { id: number; request: Request }) => {
  session(request)
    .then(
      (result) => send({ kind: 'reply', id, ...(result ? { result } : {}) }),
      (error: unknown) => send({ kind: 'failure', id, error: serialiseError(error) }),
    )
    .finally(() => {
      if (request.kind === 'close') port.close();
    });
});
send({ kind: 'ready', openedIn });
