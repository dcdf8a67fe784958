// How every PGlite instance of the server opens, on the main thread or on its worker: its options, and its start
// timed for the start-up log line.
import { PGlite } from '@electric-sql/pglite';
import { startupPhases, type StartupPhases } from '../startup-phases';

/**
 * 32 MiB of shared buffers instead of PostgreSQL's 128 MiB: PGlite touches them all at start, so this keeps about
 * 100 MiB out of the resident memory; the operating system's file cache still holds the data files.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens PGlite in `dataDir`, or in memory without one, timed: `pglite` is `PGlite.create` (reading and compiling
 * its WebAssembly, unpacking its file bundle, PostgreSQL starting on the data directory, a first catalog query).
 * Before it, on a worker spawned at `threadSpawnedAt` (a Unix time in milliseconds), `thread` is how long the worker
 * took to start and load its modules. The WebAssembly and the bundle are left for PGlite to read: handed to it
 * (`pgliteWasmModule`, `fsBundle`) to time them apart, they stayed in memory: 14–28 MiB more resident.
 */
export async function createPglite(
  dataDir: string | undefined,
  threadSpawnedAt?: number,
): Promise<{ database: PGlite; openedIn: StartupPhases }> {
  const { phases: openedIn, mark } = startupPhases(
    threadSpawnedAt === undefined ? performance.now() : threadSpawnedAt - performance.timeOrigin,
  );
  if (threadSpawnedAt !== undefined) mark('thread');
  const database = await PGlite.create({ ...(dataDir ? { dataDir } : {}), startParams });
  mark('pglite');
  return { database, openedIn };
}
