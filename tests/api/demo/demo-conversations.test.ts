// The demo conversations: enough of them, in both languages and all three types, over the last three months,
// across the demo agents, each a valid API body, stored with its analysis queued and evaluated, a third validated
// with some corrections; call audio spoken by espeak-ng.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConversationSchema } from '../../../contract/conversation-ingestion';
import type { DatabaseHandle } from '../../../server/db/client';
import { hasEspeak, speakCall } from '../../../server/demo/conversations/audio';
import { planDemoConversations } from '../../../server/demo/conversations/generate';
import { demoCampaignPlans, seedDemoConversations } from '../../../server/demo/conversations/seed';
import { demoUsers, seedDemoData } from '../../../server/demo/data';
import { conversations, evaluationItemUpdates, evaluations, jobs } from '../../../server/db/schema';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';

describe('demo conversation plans', () => {
  it('are valid API bodies, the same for the same seed', () => {
    for (const campaign of demoCampaignPlans) {
      const plans = planDemoConversations(campaign, { now: 1_800_000_000, seed: 3 });
      for (const plan of plans) expect(newConversationSchema.safeParse(plan.input).success).toBe(true);
      expect(planDemoConversations(campaign, { now: 1_800_000_000, seed: 3 })).toEqual(plans);
    }
  });
});

describe.each(testDatabaseKinds)('demo conversations on %s', (kind) => {
  let database: DatabaseHandle;
  const now = new Date();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
    await seedDemoConversations(database.db, now);
  });
  afterAll(() => database.close());

  it('spread 300 or more conversations over both languages, all types, the agents and the last 90 days', async () => {
    const rows = await database.db
      .select({
        language: conversations.language,
        type: conversations.type,
        agentId: conversations.agentId,
        startedAt: conversations.startedAt,
        metadata: conversations.metadata,
        turns: sql<number>`jsonb_array_length(${conversations.turns})`,
      })
      .from(conversations)
      .where(eq(conversations.status, 'analysing'));
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(new Set(rows.map((row) => row.language))).toEqual(new Set(['en', 'fr']));
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['call', 'chat', 'email']));
    expect(new Set(rows.map((row) => row.agentId)).size).toBe(4);
    const oldest = Math.min(...rows.map((row) => row.startedAt.getTime()));
    expect(now.getTime() - oldest).toBeGreaterThan(60 * 24 * 3600 * 1000);
    expect(now.getTime() - oldest).toBeLessThanOrEqual(91 * 24 * 3600 * 1000);
    expect(rows.every((row) => row.startedAt.getTime() <= now.getTime())).toBe(true);
    expect(rows.every((row) => row.turns > 0)).toBe(true);
    expect(Object.keys(rows[0]?.metadata ?? {}).sort()).toEqual([
      'channel',
      'customer_tier',
      'product',
      'region',
    ]);
  });

  it('queue one analysis per conversation', async () => {
    const [queued] = await database.db.select({ count: count() }).from(jobs).where(eq(jobs.kind, 'analysis'));
    const [stored] = await database.db
      .select({ count: count() })
      .from(conversations)
      .where(eq(conversations.status, 'analysing'));
    expect(queued?.count).toBe(stored?.count);
  });

  it('evaluate every demo conversation, validate a third, some after a correction by the supervisor', async () => {
    const [stored] = await database.db.select({ count: count() }).from(conversations);
    const rows = await database.db
      .select({ validated: evaluations.validated, status: evaluations.status, items: evaluations.items })
      .from(evaluations);
    expect(rows).toHaveLength(stored?.count ?? -1);
    expect(rows.every((row) => row.status === 'done' && row.items.length > 0)).toBe(true);
    const validated = rows.filter((row) => row.validated).length;
    expect(validated).toBe(Math.ceil(rows.length / 3));
    const updates = await database.db
      .select({ comment: evaluationItemUpdates.comment, userId: evaluationItemUpdates.userId })
      .from(evaluationItemUpdates);
    expect(updates.length).toBeGreaterThan(validated / 3);
    expect(updates.length).toBeLessThan(validated);
    expect(updates.some((update) => update.comment !== null)).toBe(true);
    expect(new Set(updates.map((update) => update.userId))).toEqual(new Set([demoUsers.supervisor.id]));
  });
});

const espeakInstalled = await hasEspeak();
if (!espeakInstalled)
  console.warn('Demo call audio test skipped: espeak-ng not installed (apt-get install espeak-ng)');

describe.skipIf(!espeakInstalled)('demo call audio', () => {
  it('speaks the agent on the left channel and the customer on the right', async () => {
    const { wav, durationSeconds } = await speakCall(
      [
        ['agent', 'Good morning, how can I help you?'],
        ['customer', 'My internet is down.'],
      ],
      'en',
    );
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(22)).toBe(2);
    expect(durationSeconds).toBeGreaterThan(1);
    // The first turn is the agent's: sound on the left, silence on the right.
    const frames = Array.from({ length: 4000 }, (_, index) => 44 + (2000 + index) * 4);
    expect(frames.some((offset) => wav.readInt16LE(offset) !== 0)).toBe(true);
    expect(frames.every((offset) => wav.readInt16LE(offset + 2) === 0)).toBe(true);
  });
});
