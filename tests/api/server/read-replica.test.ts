// DATABASE_READ_URL: the conversation list and its export read from the replica, everything else from the primary.
// The "replica" is a second database seeded alike, with a sentinel conversation only it holds; a chat written
// through the API lands on the primary alone, so the list (replica) lacks it while the conversation (primary) has it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { conversations } from '../../../server/db/schema';
import { demoCampaigns, demoUsers, seedDemoData } from '../../../server/demo/data';
import { postChats } from '../../fixtures/chats-over-http';
import { createPostgresDatabase } from '../../fixtures/databases';
import { addConversation } from '../../fixtures/records';
import {
  accessTokenOf,
  freePort,
  startServer,
  stopServer,
  type RunningServer,
} from '../../fixtures/server-process';

const campaignId = demoCampaigns.customerCare.id;

/** A new database migrated and seeded with the demo accounts and campaigns (the same ids in each). */
async function seededDatabase() {
  const created = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: created.url, poolSize: 2 });
  await handle.migrate();
  await seedDemoData(handle.db);
  return { ...created, handle };
}

describe.runIf(process.env.DATABASE_URL)('reads from a replica (DATABASE_READ_URL)', () => {
  let primary: Awaited<ReturnType<typeof seededDatabase>>;
  let replica: Awaited<ReturnType<typeof seededDatabase>>;
  let dataDir: string;
  let server: RunningServer;
  let token: string;
  let sentinelId: string;
  const get = (url: string) =>
    fetch(`${server.baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  const listedIds = async () => {
    const response = await get(`/campaigns/${campaignId}/conversations`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
  };
  const rowOn = async (database: DatabaseHandle, id: string) =>
    (await database.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, id)))
      .length;

  beforeAll(async () => {
    [primary, replica] = await Promise.all([seededDatabase(), seededDatabase()]);
    sentinelId = await addConversation(replica.handle.db, {
      campaignId,
      agentId: demoUsers.agent.id,
      externalId: 'only-on-the-replica',
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-read-replica-'));
    server = await startServer({
      dataDir,
      port: await freePort(),
      environment: {
        DATABASE_URL: primary.url,
        DATABASE_READ_URL: replica.url,
        QM_ROLE: 'web',
        SEED: 'false',
      },
    });
    token = await accessTokenOf(server.baseUrl, demoUsers.supervisor.email);
  });
  afterAll(async () => {
    if (server.process.exitCode === null) await stopServer(server);
    for (const database of [primary, replica]) {
      await database.handle.close();
      await database.drop();
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists and exports what the replica holds', async () => {
    expect(await rowOn(primary.handle, sentinelId)).toBe(0);
    expect(await listedIds()).toContain(sentinelId);
    const exported = await get(`/campaigns/${campaignId}/conversations/export?format=csv`);
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain('only-on-the-replica');
  });

  it('writes to the primary and reads a conversation from it, not the replica', async () => {
    const [chatId] = await postChats(server.baseUrl, token, campaignId, ['written-on-the-primary']);
    expect(await rowOn(primary.handle, chatId!)).toBe(1);
    expect(await rowOn(replica.handle, chatId!)).toBe(0);
    expect((await get(`/conversations/${chatId}`)).status).toBe(200);
    expect((await get(`/conversations/${sentinelId}`)).status).toBe(404);
    expect(await listedIds()).not.toContain(chatId);
  });
});
