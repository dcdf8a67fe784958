// QM_ROLE on PostgreSQL, with the real server as child processes: a web process queues jobs but runs none, a worker
// process runs them and answers nothing but its health checks on HEALTH_PORT.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../../../server/demo/data';
import { conversationStatus, postChats } from '../../fixtures/chats-over-http';
import { createPostgresDatabase } from '../../fixtures/databases';
import { refusedUpgradeStatus } from '../../fixtures/live-socket';
import {
  accessTokenOf,
  freePort,
  startServer,
  stopServer,
  type RunningServer,
} from '../../fixtures/server-process';
import { until } from '../../fixtures/until';

const chatCount = 20;
const jobsDone = (server: RunningServer) => server.output().split('"msg":"job done"').length - 1;

describe.runIf(process.env.DATABASE_URL)('web and worker processes (QM_ROLE) on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let dataDir: string;
  let web: RunningServer;
  let worker: RunningServer | undefined;
  let token: string;
  let chatIds: string[];
  let healthPort: number;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-roles-'));
    // The demo accounts and campaigns, without the demo conversations (and their jobs) `SEED` adds.
    const seeding = await openDatabase({ databaseUrl: database.url });
    await seeding.migrate();
    await seedDemoData(seeding.db);
    await seeding.close();
    const environment = { DATABASE_URL: database.url, QM_ROLE: 'web', SEED: 'false' };
    web = await startServer({ dataDir: path.join(dataDir, 'web'), port: await freePort(), environment });
    token = await accessTokenOf(web.baseUrl, demoUsers.supervisor.email);
    chatIds = await postChats(
      web.baseUrl,
      token,
      demoCampaigns.customerCare.id,
      Array.from({ length: chatCount }, (_, n) => `roles-${n}`),
    );
  });
  afterAll(async () => {
    for (const server of [web, worker])
      if (server && server.process.exitCode === null) await stopServer(server);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a web process queues the analyses of new chats and runs none; a worker runs them all', async () => {
    expect(await conversationStatus(web.baseUrl, token, chatIds[0]!)).toBe('analysing');
    healthPort = await freePort();
    worker = await startServer({
      dataDir: path.join(dataDir, 'worker'),
      port: await freePort(),
      environment: { DATABASE_URL: database.url, QM_ROLE: 'worker', HEALTH_PORT: String(healthPort) },
    });
    expect(worker.output()).toContain(`a worker, health checks on port ${healthPort}`);
    await until(
      async () =>
        (await Promise.all(chatIds.map((id) => conversationStatus(web.baseUrl, token, id)))).every(
          (status) => status === 'ready',
        ),
      `the ${chatCount} chats are analysed`,
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    // Sentinel: the jobs were done, by the worker, while the web process was up all along and never took one.
    expect(jobsDone(worker)).toBeGreaterThanOrEqual(chatCount);
    expect(jobsDone(web)).toBe(0);
  }, 90_000);

  it('a worker answers its health checks on HEALTH_PORT and nothing else', async () => {
    const healthUrl = `http://localhost:${healthPort}`;
    expect((await fetch(`${healthUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${healthUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: 'ok', storage: 'ok' });
    for (const url of ['/', '/api/health', '/auth/login', `/api/conversations/${chatIds[0]}`, '/api/docs/'])
      expect((await fetch(`${healthUrl}${url}`)).status, url).toBe(404);
    expect(await refusedUpgradeStatus(`${healthUrl.replace('http', 'ws')}/api/ws?token=${token}`)).toBe(404);
    // The same paths on the web process answer (the sentinel that the worker's 404s are its role, not the paths).
    expect((await fetch(`${web.baseUrl}/api/health`)).status).toBe(200);
  });
});
