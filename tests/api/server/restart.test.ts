// The real server process (the compiled bundle) keeps its data across a restart on the same DATA_DIR, and seeds
// only once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { accessTokenOf, freePort, startServer, stopServer } from '../../fixtures/server-process';

describe('restarting the server on the same data directory', () => {
  let dataDir = '';
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps what was written, seeds only the first time, and stops cleanly on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-restart-'));
    const port = await freePort();

    const first = await startServer({ dataDir, port });
    expect(first.output()).toContain('"seeded":true');
    const token = await accessTokenOf(first.baseUrl, demoUsers.agent.email);
    const renamed = await fetch(`${first.baseUrl}/api/users/${demoUsers.agent.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Renamed Before Restart' }),
    });
    expect(renamed.status).toBe(200);
    expect(await stopServer(first)).toBe(0);

    const second = await startServer({ dataDir, port });
    try {
      expect(second.output()).toContain('"seeded":false');
      const me = await fetch(`${second.baseUrl}/api/users/me`, {
        headers: { authorization: `Bearer ${await accessTokenOf(second.baseUrl, demoUsers.agent.email)}` },
      });
      expect(await me.json()).toMatchObject({ name: 'Renamed Before Restart' });
      // The signing key survived too: a token from before the restart is still valid.
      const before = await fetch(`${second.baseUrl}/api/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(before.status).toBe(200);
    } finally {
      expect(await stopServer(second)).toBe(0);
    }
  }, 120_000);
});
