// Opens the embedded PGlite database, either on a worker thread (the default) or on the main thread: the same
// session (./pglite-session) answers the client's requests on either.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { projectDir } from '../project-dir';
import type { Database, DatabaseHandle } from './client';
import { hasNewestMigration, migrateIfBehind } from './migrations';
import { pgliteClient, type PgliteTransport } from './pglite-client';
import { copyDirectory } from './copy-directory';
import { createPglite } from './pglite-options';
import { startPgliteWorker } from './pglite-worker-transport';
import { pgliteSession, type Notify } from './pglite-session';
import { startupPhases } from '../startup-phases';
import * as schema from './schema';

/** Where PGlite runs: on a worker thread of its own, or on the thread that serves HTTP. */
export type PgliteThread = 'worker' | 'main';

/**
 * A cleanly shut down, empty data directory made at build time (`node scripts/build.mjs database`): copying it
 * takes milliseconds where initdb takes seconds.
 */
export const pgliteTemplateDir = path.join(projectDir, 'dist-db-template', 'pgdata');

/**
 * Creates a new PGlite data directory: a copy of the build's template when there is one, else initdb in a
 * short-lived child process (initdb grows the WebAssembly heap by about 500 MiB, which a process never gives back,
 * so the server itself only ever opens an existing directory).
 */
async function initialiseDataDir(dataDir: string): Promise<void> {
  if (existsSync(path.join(pgliteTemplateDir, 'PG_VERSION'))) {
    await copyDirectory(pgliteTemplateDir, dataDir);
    return;
  }
  const script = `import { PGlite } from ${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))};
const db = await PGlite.create({ dataDir: process.argv[1] });
await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dataDir]);
}

/** Runs the session on this thread: a request is a call. */
async function startOnMainThread(dataDir: string | undefined): Promise<PgliteTransport> {
  let notify: Notify = () => undefined;
  const { database, openedIn } = await createPglite(dataDir);
  return {
    openedIn,
    send: pgliteSession(database, (subscriptionId, payload) => notify(subscriptionId, payload)),
    onNotification: (receiver) => {
      notify = receiver;
    },
    stop: async () => undefined,
  };
}

export async function openPglite(
  dataDir: string | undefined,
  thread: PgliteThread,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  const opening = startupPhases(performance.now());
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await initialiseDataDir(dataDir);
    opening.mark('initialise');
  }
  const transport = thread === 'worker' ? await startPgliteWorker(dataDir) : await startOnMainThread(dataDir);
  const client = pgliteClient(transport);
  // The client has the part of PGlite's API that Drizzle's driver calls.
  const db = drizzle({ client: client as PGlite, schema });
  return {
    db: db as unknown as Database,
    readDb: db as unknown as Database,
    driver: 'pglite',
    openedIn: { ...opening.phases, ...transport.openedIn },
    migrate: () =>
      migrateIfBehind(db as unknown as Database, migrationsFolder, () => migrate(db, { migrationsFolder })),
    isMigrated: () => hasNewestMigration(db as unknown as Database, migrationsFolder),
    listen: (channel, listener) => client.listen(channel, listener),
    close: () => client.close(),
  };
}
