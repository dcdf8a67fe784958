// The options every PGlite instance of the server opens with, on the main thread or on its worker.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * 32 MiB of shared buffers instead of PostgreSQL's 128 MiB: PGlite touches them all at start, so this keeps about
 * 100 MiB out of the resident memory; the operating system's file cache still holds the data files.
 */
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/** In `dataDir`, or in memory without one. */
export function pgliteOptions(dataDir: string | undefined): PGliteOptions {
  return { ...(dataDir ? { dataDir } : {}), startParams };
}
