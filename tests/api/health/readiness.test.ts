// `/readyz` for a load balancer: ready when the database answers and is migrated, the storage answers and the
// process is not draining; on SIGTERM the real process answers 503 at once, still serves requests for
// SHUTDOWN_DELAY, then stops cleanly.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../fixtures/databases';
import { startS3Server, type S3Server } from '../../fixtures/s3-server';
import { freePort, startServer, type RunningServer } from '../../fixtures/server-process';
import { createTestApp, type TestApp } from '../../fixtures/test-app';
import { until } from '../../fixtures/until';

describe.each(testDatabaseKinds)('/readyz on %s', (kind) => {
  let s3: S3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp(kind, { ...s3.environment, QM_ROLE: 'web' });
  });
  afterAll(async () => {
    await t.close();
    await s3.close().catch(() => undefined);
  });

  const readyz = () => t.app.inject({ url: '/readyz' });

  it('is ready with the database migrated and the bucket answering', async () => {
    const response = await readyz();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok', draining: false });
  });

  it('answers 503 once the bucket stops answering', async () => {
    await s3.close();
    const response = await readyz();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unready', database: 'ok', storage: 'error' });
  });

  it('answers 503 once the process drains, while /healthz still says it is alive', async () => {
    t.app.context.draining.start();
    const response = await readyz();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unready', draining: true });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('/readyz when the server process is stopped', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-readyz-'));
    server = await startServer({
      dataDir,
      port: await freePort(),
      environment: { SHUTDOWN_DELAY: '5', QM_ROLE: 'web' },
    });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('answers 503 first, serves requests during the delay, then drains and exits cleanly', async () => {
    const readyz = () => fetch(`${server.baseUrl}/readyz`).then((response) => response.status);
    expect(await readyz()).toBe(200);
    server.process.kill('SIGTERM');
    await until(async () => (await readyz()) === 503, '/readyz answers 503');
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(await server.exited).toBe(0);
  });
});
