// Copies the files kept on the local disk (DATA_DIR/files) to another store (the bucket), for `npm run
// storage:migrate`: resumable and idempotent, as a key's content never changes once written.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { createConcurrencyLimit } from '../engines/concurrency';
import { fileKeyPattern, type FileStorage } from './files';

/** Files copied at once: enough to keep a remote store busy, few enough to spare the disk. */
const copiesAtOnce = 4;

export type CopyOutcome =
  | { key: string; outcome: 'copied'; bytes: number }
  /** Already in the store with the same size: a key is written once, so the same size is the same file. */
  | { key: string; outcome: 'skipped'; bytes: number }
  /** Not a stored file's name (a stray file in the directory): left alone. */
  | { key: string; outcome: 'ignored' };

export interface CopySummary {
  copied: number;
  copiedBytes: number;
  skipped: number;
  ignored: number;
}

/**
 * Copies every file under `root` that `target` lacks, or holds with another size (a copy cut short by an earlier
 * run leaves nothing, as a multipart upload only appears once complete), telling `report` each file's outcome.
 */
export async function copyLocalFiles(
  root: string,
  target: FileStorage,
  report: (outcome: CopyOutcome) => void,
): Promise<CopySummary> {
  const names = (
    await readdir(root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    })
  )
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  const summary: CopySummary = { copied: 0, copiedBytes: 0, skipped: 0, ignored: 0 };
  const copyOne = async (key: string): Promise<CopyOutcome> => {
    if (!fileKeyPattern.test(key)) return { key, outcome: 'ignored' };
    const source = path.join(root, key);
    const { size } = await stat(source);
    if ((await target.size(key)) === size) return { key, outcome: 'skipped', bytes: size };
    await target.putFile(key, source);
    return { key, outcome: 'copied', bytes: size };
  };
  const limit = createConcurrencyLimit(copiesAtOnce);
  await Promise.all(
    names.map((name) =>
      limit(async () => {
        const outcome = await copyOne(name);
        summary[outcome.outcome] += 1;
        if (outcome.outcome === 'copied') summary.copiedBytes += outcome.bytes;
        report(outcome);
      }),
    ),
  );
  return summary;
}
