// The job queue's SQL on both databases: one live job per kind and conversation, claims that skip each other,
// leases that lapse, retries with backoff, and a final failure with its reason.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../../../server/demo/data';
import { jobs } from '../../../server/db/schema';
import { claimJob, completeJob, enqueueJob, failJob, renewJob } from '../../../server/jobs/queue-store';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import { addConversation } from '../../fixtures/records';

describe.each(testDatabaseKinds)('job queue on %s', (kind) => {
  let database: DatabaseHandle;
  const newConversation = () =>
    addConversation(database.db, { campaignId: demoCampaigns.customerCare.id, agentId: demoUsers.agent.id });
  const jobsOf = (conversationId: string) =>
    database.db.select().from(jobs).where(eq(jobs.conversationId, conversationId));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
  });
  afterAll(() => database.close());

  it('keeps one live job of a kind per conversation, and a new one once it is done', async () => {
    const conversationId = await newConversation();
    await enqueueJob(database.db, { kind: 'analysis', conversationId });
    await enqueueJob(database.db, { kind: 'analysis', conversationId });
    await enqueueJob(database.db, { kind: 'transcription', conversationId });
    expect((await jobsOf(conversationId)).map((job) => job.kind).sort()).toEqual([
      'analysis',
      'transcription',
    ]);

    const claimed = await claimJob(database.db, ['analysis'], 60);
    expect(claimed).toMatchObject({ conversationId, kind: 'analysis', status: 'running', attempts: 1 });
    expect(await completeJob(database.db, claimed!)).toBe(true);
    await enqueueJob(database.db, { kind: 'analysis', conversationId });
    expect((await jobsOf(conversationId)).filter((job) => job.kind === 'analysis')).toHaveLength(2);
    await database.db.delete(jobs);
  });

  it('gives each due job to one claimer, and a lapsed lease back to the next', async () => {
    const conversationIds = await Promise.all([newConversation(), newConversation(), newConversation()]);
    for (const conversationId of conversationIds)
      await enqueueJob(database.db, { kind: 'analysis', conversationId });

    const claims = await Promise.all(conversationIds.map(() => claimJob(database.db, ['analysis'], 60)));
    expect(new Set(claims.map((job) => job?.id)).size).toBe(3);
    expect(await claimJob(database.db, ['analysis'], 60)).toBeNull();

    const [first] = claims as [NonNullable<(typeof claims)[0]>];
    await database.db
      .update(jobs)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, first.id));
    const reclaimed = await claimJob(database.db, ['analysis'], 60);
    expect(reclaimed).toMatchObject({ id: first.id, attempts: 2 });
    expect(await completeJob(database.db, first)).toBe(false);
    expect(await renewJob(database.db, first, { leaseSeconds: 60, progress: 0.5 })).toBe(false);
    expect(await renewJob(database.db, reclaimed!, { leaseSeconds: 60, progress: 0.5 })).toBe(true);
    await database.db.delete(jobs);
  });

  it("gives a job whose lease lapsed back to its own kind's loop only", async () => {
    const conversationId = await newConversation();
    await enqueueJob(database.db, { kind: 'transcription', conversationId });
    const leased = await claimJob(database.db, ['transcription'], 60);
    expect(leased).toMatchObject({ conversationId, kind: 'transcription' });
    await database.db
      .update(jobs)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, leased!.id));

    expect(await claimJob(database.db, ['analysis'], 60)).toBeNull();
    expect(await claimJob(database.db, ['analysis', 'evaluation'], 60)).toBeNull();
    expect(await claimJob(database.db, ['transcription'], 60)).toMatchObject({ id: leased!.id, attempts: 2 });
    await database.db.delete(jobs);
  });

  it('retries a failed attempt later, and fails for good after the last one or a permanent error', async () => {
    const conversationId = await newConversation();
    await enqueueJob(database.db, { kind: 'transcription', conversationId, maxAttempts: 2 });
    const first = await claimJob(database.db, ['transcription'], 60);
    const retried = await failJob(database.db, first!, { reason: 'engine busy', permanent: false });
    expect(retried).toMatchObject({ status: 'queued', lastError: 'engine busy' });
    expect(retried!.runAt.getTime()).toBeGreaterThan(Date.now() + 3000);
    expect(await claimJob(database.db, ['transcription'], 60)).toBeNull();

    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, first!.id));
    const second = await claimJob(database.db, ['transcription'], 60);
    expect(await failJob(database.db, second!, { reason: 'still busy', permanent: false })).toMatchObject({
      status: 'failed',
      lastError: 'still busy',
    });

    const otherId = await newConversation();
    await enqueueJob(database.db, { kind: 'transcription', conversationId: otherId });
    const other = await claimJob(database.db, ['transcription'], 60);
    expect(await failJob(database.db, other!, { reason: 'French audio', permanent: true })).toMatchObject({
      status: 'failed',
      attempts: 1,
    });
  });
});
