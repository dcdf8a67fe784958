// Logs never hold a secret: no access token from a query string, no query parameters of a failed SQL statement,
// no invitation link except on the outbox mode's own line; outbox files are readable by their owner only.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { demoPassword, demoUsers, seedDemoData } from '../../../server/demo/data';
import { loggerOptions } from '../../../server/logging';
import { openTestDatabase } from '../../fixtures/databases';
import { openLiveSocket } from '../../fixtures/live-socket';
import { publicUrl } from '../../fixtures/test-app';

describe('logs', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-logs-'));
    const config = loadConfig({ PUBLIC_URL: publicUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    database = await openTestDatabase('pglite');
    await seedDemoData(database.db);
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({ config, database, logger: { ...loggerOptions(config), stream } });
    // A statement that fails on its parameter, as a bug would, with a parameter that must not be logged.
    app.get('/api/failing-query', async () => database.db.execute(sql`select ${'hunter2-secret'}::int`));
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: new URLSearchParams({ email: demoUsers.supervisor.email, password: demoPassword }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
    });
    const cookie = login.cookies.find((c) => c.name === 'qm_refresh')?.value ?? '';
    const refreshed = await app.inject({
      method: 'POST',
      url: '/auth/token/refresh',
      cookies: { qm_refresh: cookie },
      headers: { origin: publicUrl },
    });
    token = (refreshed.json() as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('holds no access token from a WebSocket URL and no parameter of a failed query', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const live = await openLiveSocket(`${address.replace('http', 'ws')}/api/ws`, token);
    live.socket.close();
    expect((await app.inject({ url: '/api/failing-query' })).statusCode).toBe(500);

    const log = lines.join('');
    expect(log).toContain('/api/ws');
    expect(log).toContain('unhandled error');
    expect(log).not.toContain(token);
    expect(log).not.toContain(token.split('.')[1]);
    expect(log).not.toContain('hunter2-secret');
    expect(log).not.toMatch(/\$argon2/);
  });

  it('shows an invitation link on the outbox line only, and writes outbox files for their owner only', async () => {
    const before = lines.length;
    const supervisorToken = token;
    const invited = await app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: { authorization: `Bearer ${supervisorToken}` },
      payload: { email: 'new.agent@demo.local', name: 'New Agent', role: 'agent' },
    });
    expect(invited.statusCode).toBe(201);
    const linesWithLink = lines.slice(before).filter((line) => line.includes('/auth/invitations/'));
    expect(linesWithLink).toHaveLength(1);
    expect(linesWithLink[0]).toContain('outbox');

    const outbox = path.join(dataDir, 'outbox');
    const [file] = await readdir(outbox);
    expect(((await stat(path.join(outbox, file ?? ''))).mode & 0o777).toString(8)).toBe('600');
  });
});
