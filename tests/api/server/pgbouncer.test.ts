// The server through a transaction-mode PgBouncer (DATABASE_URL), LISTEN/NOTIFY and the migration lock on
// PostgreSQL itself (DATABASE_LISTEN_URL), prepared statements off: writes, reads, a job and a live event work; with
// prepared statements on, the same requests fail (the trap decision 0223 avoids), which shows the pooler in the way.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../../../server/demo/data';
import { conversationStatus, postChats } from '../../fixtures/chats-over-http';
import { createPostgresDatabase } from '../../fixtures/databases';
import { openLiveSocket, type LiveSocket } from '../../fixtures/live-socket';
import { startPgBouncer, type PgBouncer } from '../../fixtures/pgbouncer';
import {
  accessTokenOf,
  freePort,
  startServer,
  stopServer,
  type RunningServer,
} from '../../fixtures/server-process';
import { until } from '../../fixtures/until';

const campaignId = demoCampaigns.customerCare.id;

/** The failures among `rounds` × 30 reads at once (a page of the list, a conversation, the user), as `status path`. */
async function readsAtOnce(baseUrl: string, token: string, conversationId: string, rounds = 1) {
  const paths = [
    `/api/campaigns/${campaignId}/conversations`,
    `/api/conversations/${conversationId}`,
    '/api/users/me',
  ];
  const failures: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, n) => {
        const url = paths[n % paths.length]!;
        const answer = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
        return `${answer.status} ${url}`;
      }),
    );
    failures.push(...answers.filter((answer) => !answer.startsWith('200 ')));
  }
  return failures;
}

describe.runIf(process.env.DATABASE_URL)('the server through a transaction-mode PgBouncer', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let bouncer: PgBouncer;
  let dataDir: string;
  const servers: RunningServer[] = [];
  let live: LiveSocket | undefined;
  const start = async (preparedStatements: boolean) => {
    const server = await startServer({
      dataDir: await mkdtemp(path.join(dataDir, 'server-')),
      port: await freePort(),
      environment: {
        DATABASE_URL: bouncer.urlOf(database.url),
        DATABASE_LISTEN_URL: database.url,
        DATABASE_PREPARED_STATEMENTS: String(preparedStatements),
        DATABASE_POOL_SIZE: '10',
        SEED: 'false',
      },
    });
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    database = await createPostgresDatabase();
    bouncer = await startPgBouncer({ poolSize: 3 });
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-pgbouncer-test-'));
  });
  afterAll(async () => {
    live?.socket.close();
    for (const server of servers) if (server.process.exitCode === null) await stopServer(server);
    await bouncer.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates, writes, reads, runs the jobs and sends live events, prepared statements off', async () => {
    // The empty database is migrated through the pooler, under the lock taken on the direct connection.
    const server = await start(false);
    const seeding = await openDatabase({ databaseUrl: database.url });
    expect(await seeding.isMigrated()).toBe(true);
    await seedDemoData(seeding.db);
    await seeding.close();
    const token = await accessTokenOf(server.baseUrl, demoUsers.supervisor.email);
    live = await openLiveSocket(`${server.baseUrl.replace('http', 'ws')}/api/ws`, token);
    const ids = await postChats(
      server.baseUrl,
      token,
      campaignId,
      Array.from({ length: 10 }, (_, n) => `pgbouncer-${n}`),
    );
    expect(await readsAtOnce(server.baseUrl, token, ids[0]!, 3)).toEqual([]);
    await until(
      async () =>
        (await Promise.all(ids.map((id) => conversationStatus(server.baseUrl, token, id)))).every(
          (status) => status === 'ready',
        ),
      'the chats are analysed',
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    // The analyses' progress came through NOTIFY on the direct connection, to this socket.
    await until(
      () =>
        ids.every((id) =>
          live!.received.some(
            (message) =>
              (message as { conversation_id?: string; status?: string }).conversation_id === id &&
              (message as { status?: string }).status === 'ready',
          ),
        ),
      'every chat said live that it is ready',
      { timeoutMs: 10_000 },
    );
    expect(server.output()).not.toMatch(/"code":"(42P05|26000)"/);
  });

  it('with prepared statements on, the same reads fail through the pooler', async () => {
    const server = await start(true);
    const token = await accessTokenOf(server.baseUrl, demoUsers.supervisor.email).catch(() => '');
    const [anyId] = await postChats(server.baseUrl, token, campaignId, ['pgbouncer-prepared']).catch(() => [
      '',
    ]);
    let failures: string[] = [];
    for (let round = 0; round < 5 && failures.length === 0; round += 1)
      failures = await readsAtOnce(server.baseUrl, token, anyId ?? '');
    expect(failures.length).toBeGreaterThan(0);
    // PostgreSQL's duplicate_prepared_statement or invalid_sql_statement_name: a name on the wrong connection.
    expect(server.output()).toMatch(/"code":"(42P05|26000)"/);
  });
});
