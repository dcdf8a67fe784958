// One server per embedded-database data directory: a second one refuses to start and names the holder; the lock
// goes with the process that held it, whether it stopped cleanly or was killed.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileName } from '../../../server/db/data-dir-lock';
import { freePort, spawnServer, startServer, stopServer } from '../../fixtures/server-process';

describe('the data directory lock', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-lock-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('turns a second server away with the directory and the pid holding it, until the first one stops', async () => {
    const first = await startServer({ dataDir, port: await freePort() });
    try {
      const second = spawnServer({ dataDir, port: await freePort() });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `The data directory ${dataDir} is in use by another process (pid ${first.process.pid}).`,
      );
      expect(second.output()).not.toMatch(/\n\s+at /);
    } finally {
      expect(await stopServer(first)).toBe(0);
    }
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);

    const afterStop = await startServer({ dataDir, port: await freePort() });
    expect(await stopServer(afterStop)).toBe(0);
  }, 120_000);

  it('is taken over from a server that was killed', async () => {
    const killed = await startServer({ dataDir, port: await freePort() });
    killed.process.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(true);

    const next = await startServer({ dataDir, port: await freePort() });
    expect(await stopServer(next)).toBe(0);
  }, 120_000);
});
