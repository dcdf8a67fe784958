// Keeps a data directory to one process at a time: PGlite is a single-process database, and two servers on one
// directory would each see only their own writes and lose acknowledged rows on the next start.
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const lockFileName = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another process (pid ${holderPid}). ` +
        'Stop that process, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this id is running (EPERM: it is, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the directory's lock file, which holds this process's id; throws DataDirLockedError while a running process
 * holds it. A lock left by a process that died (kill -9, power loss) is taken over: its pid is no longer running, or
 * is this very process's (a container restarted with the same pid). Returns the release, which also runs by itself
 * when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, lockFileName);
  // Written in full first, then linked into place: link() fails if the lock exists, and no one reads it half-written.
  const claim = `${lockFile}.${process.pid}`;
  writeFileSync(claim, `${process.pid}\n`);
  try {
    for (;;) {
      try {
        linkSync(claim, lockFile);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(lockFile);
      if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(lockFile, { force: true });
    }
  } finally {
    rmSync(claim, { force: true });
  }

  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readHolder(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
  process.on('exit', release);
  return release;
}
