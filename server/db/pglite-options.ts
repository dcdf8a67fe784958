// How every PGlite instance of the server opens, on the main thread or on its worker: its options, and its start
// timed step by step for the start-up log line.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { startupPhases, type StartupPhases } from '../startup-phases';

/**
 * 32 MiB of shared buffers instead of PostgreSQL's 128 MiB: PGlite touches them all at start, so this keeps about
 * 100 MiB out of the resident memory; the operating system's file cache still holds the data files.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

const resolve = createRequire(import.meta.url).resolve;

/**
 * Opens PGlite in `dataDir`, or in memory without one, with its WebAssembly compiled and its file bundle read here rather than inside `PGlite.create`, the
 * same work made visible: `files` (reading both), `wasm` (compiling), `postgres` (PostgreSQL starting on the data
 * directory). Before these, on a worker spawned at `threadSpawnedAt` (a Unix time in milliseconds), `thread` is how
 * long it took to start and load its modules.
 */
export async function createPglite(
  dataDir: string | undefined,
  threadSpawnedAt?: number,
): Promise<{ database: PGlite; openedIn: StartupPhases }> {
  const { phases: openedIn, mark } = startupPhases(
    threadSpawnedAt === undefined ? performance.now() : threadSpawnedAt - performance.timeOrigin,
  );
  if (threadSpawnedAt !== undefined) mark('thread');
  const [wasm, bundle] = await Promise.all([
    readFile(resolve('@electric-sql/pglite/pglite.wasm')),
    readFile(resolve('@electric-sql/pglite/pglite.data')),
  ]);
  mark('files');
  const pgliteWasmModule = await WebAssembly.compile(wasm);
  mark('wasm');
  const database = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    startParams,
    pgliteWasmModule,
    fsBundle: new Blob([bundle]),
  });
  mark('postgres');
  return { database, openedIn };
}
