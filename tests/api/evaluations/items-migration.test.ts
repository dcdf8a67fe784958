// The migration that gives evaluation items stored before `needs_review` and `failure_detail` existed those fields
// (false, null), on both databases: its statement run on items stored without them, and on items that have them.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns, seedDemoData } from '../../../server/demo/data';
import { conversations, evaluations } from '../../../server/db/schema';
import { createLiveHub, type LiveHub } from '../../../server/live/hub';
import { createPreviousPeriodCounts } from '../../../server/reviews/previous-period-counts';
import { createLocalFileStorage } from '../../../server/storage/files';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import { addEvaluation } from '../../fixtures/records';

const migrationsFolder = path.join(import.meta.dirname, '../../../server/db/migrations');

async function migrationStatement() {
  const name = (await readdir(migrationsFolder)).find((file) =>
    file.endsWith('_evaluation_items_review_fields.sql'),
  );
  if (!name) throw new Error('The migration is missing');
  return readFile(path.join(migrationsFolder, name), 'utf8');
}

describe.each(testDatabaseKinds)('evaluation items stored before review fields, on %s', (kind) => {
  let database: DatabaseHandle;
  let hub: LiveHub;
  let chat: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
    hub = await createLiveHub(database);
    const [row] = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.campaignId, demoCampaigns.customerCare.id), eq(conversations.type, 'chat')),
      );
    chat = row!.id;
    const services = {
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      files: createLocalFileStorage('/tmp'),
      hub,
      log: Fastify({ logger: false }).log,
      previousPeriodCounts: createPreviousPeriodCounts(),
    };
    await addEvaluation(database.db, services, { id: chat, campaignId: demoCampaigns.customerCare.id });
  });
  afterAll(async () => {
    await hub.close();
    await database.close();
  });

  it('adds needs_review false and failure_detail null to old items, keeping order and what items hold', async () => {
    const read = async () =>
      (await database.db.select().from(evaluations).where(eq(evaluations.conversationId, chat)))[0]!.items;
    const current = await read();
    expect(current.length).toBeGreaterThan(3);
    const flagged = current.map((item, index) =>
      index === 1 ? { ...item, needs_review: true, failure_detail: 'kept' } : item,
    );
    const legacy = flagged.map((item, index) => {
      if (index === 1) return item;
      const { needs_review: _review, failure_detail: _detail, ...old } = item;
      return old;
    });
    await database.db
      .update(evaluations)
      .set({ items: sql`${JSON.stringify(legacy)}::jsonb` })
      .where(eq(evaluations.conversationId, chat));
    expect((await read())[0]).not.toHaveProperty('needs_review');

    await database.db.execute(sql.raw(await migrationStatement()));
    expect(await read()).toEqual(flagged);
  });
});
