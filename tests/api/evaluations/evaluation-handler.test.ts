// The evaluation job handler on both databases, called directly: the French demo grid on the French demo chat
// gives the answers its script calls for, running it twice writes the same result, a re-launched item keeps the
// other answers, the analysis queues the evaluation unless the campaign turned `auto_evaluate` off, and a failed
// evaluation job fails the evaluation, not the conversation.
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../server/config';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns, seedDemoData } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { campaigns, conversations, evaluations, jobs } from '../../../server/db/schema';
import { launchEvaluation, launchEvaluationItem } from '../../../server/evaluations/service';
import { pipeline } from '../../../server/jobs/pipeline';
import type { JobContext } from '../../../server/jobs/handler';
import { analysisHandler } from '../../../server/jobs/handlers/analysis';
import { markWorkFailed } from '../../../server/jobs/store';
import { createLiveHub, type LiveHub } from '../../../server/live/hub';
import {
  createPreviousPeriodCounts,
  type PreviousPeriodCounts,
} from '../../../server/reviews/previous-period-counts';
import { createLocalFileStorage } from '../../../server/storage/files';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import { runEvaluationJobs } from '../../fixtures/evaluation-jobs';

const demoId = (n: number) => `019a0000-0000-7000-8000-00000000${n}`;

describe.each(testDatabaseKinds)('evaluation job handler on %s', (kind) => {
  let database: DatabaseHandle;
  let hub: LiveHub;
  let config: Config;
  let frenchChat: string;

  const previousPeriodCounts = createPreviousPeriodCounts();
  const context = (): JobContext & { previousPeriodCounts: PreviousPeriodCounts } => ({
    config,
    db: database.db,
    files: createLocalFileStorage('/tmp'),
    hub,
    log: Fastify({ logger: false }).log,
    reportProgress: async () => undefined,
    complete: (write) => write(database.db),
    signal: new AbortController().signal,
    previousPeriodCounts,
  });

  /** Runs the queued evaluation job `runs` times, as a worker that died would. */
  const runEvaluation = async (runs = 1) =>
    expect(await runEvaluationJobs(database.db, context(), runs)).toBe(1);

  const stored = async (conversationId: string) => {
    const [row] = await database.db
      .select()
      .from(evaluations)
      .where(eq(evaluations.conversationId, conversationId));
    return row;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
    hub = await createLiveHub(database);
    config = loadConfig({ LOG_LEVEL: 'silent' });
    const [chat] = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.campaignId, demoCampaigns.serviceClient.id), eq(conversations.type, 'chat')),
      );
    frenchChat = chat!.id;
  });
  afterAll(async () => {
    await hub.close();
    await database.close();
  });

  it('answers the French demo grid on the French demo chat as its script calls for', async () => {
    await launchEvaluation(database.db, config, pipeline, {
      id: frenchChat,
      campaignId: demoCampaigns.serviceClient.id,
      status: 'ready',
    });
    await runEvaluation(2);
    const row = await stored(frenchChat);
    expect(row).toMatchObject({ status: 'done', engine: 'rules', gridVersion: 1, autoFailed: false });
    const answers = Object.fromEntries(row!.items.map((item) => [item.item_id, item]));
    // "Demo Télécom, j’écoute.": no greeting and no name from the agent in the first two turns.
    expect(answers[demoId(2011)]).toMatchObject({ value: 'no', score: 0, rule_reason: 'not_found' });
    expect(answers[demoId(2012)]).toMatchObject({ value: 'no', score: 0 });
    // The customer speaks of cancelling ("résilier"), so the identity check applies; it was made in turns 3–4.
    expect(answers[demoId(2013)]).toMatchObject({ value: 'yes', score: 100 });
    expect(answers[demoId(2013)]!.evidence.map((evidence) => evidence.turn)).toEqual([3, 4]);
    expect(answers[demoId(2021)]).toMatchObject({ value: 'yes', evidence: [{ turn: 7, verified: true }] });
    expect(answers[demoId(2022)]).toMatchObject({ value: null, not_evaluated_reason: 'levels_item' });
    expect(answers[demoId(2031)]).toMatchObject({
      value: { [demoId(2032)]: 'yes', [demoId(2033)]: 'yes' },
      score: 100,
    });
    expect(answers[demoId(2034)]).toMatchObject({ value: 'yes' });
    expect(answers[demoId(2041)]).toMatchObject({ value: 'no' });
    // Only the customer says "Au revoir".
    expect(answers[demoId(2042)]).toMatchObject({ value: 'no' });
    expect(answers[demoId(2043)]).toMatchObject({ value: 'yes', rule_reason: 'absent', evidence: [] });
    // Weights 1,1,2 | 1 | 3,1 | 1,1,1 with 800 points out of 12.
    expect(row!.mainScore).toBeCloseTo(800 / 12, 3);
    expect(row!.sectionScores.map((section) => section.score)).toEqual([
      50,
      100,
      100,
      expect.closeTo(100 / 3, 3),
    ]);
    expect(row!.additionalScores).toEqual([{ id: demoId(2051), score: expect.closeTo(100 / 3, 3) }]);
  });

  it('re-evaluates one item and keeps the others', async () => {
    const launchItem = (itemId: string) =>
      launchEvaluationItem(database.db, pipeline, { id: frenchChat, status: 'ready' }, itemId);
    expect((await launchItem(demoId(2011))).pendingItemIds).toEqual([demoId(2011)]);
    expect((await launchItem(demoId(2041))).pendingItemIds).toEqual([demoId(2011), demoId(2041)]);
    expect((await launchItem(demoId(2011))).pendingItemIds).toEqual([demoId(2011), demoId(2041)]);
    const [conversation] = await database.db
      .select({ turns: conversations.turns })
      .from(conversations)
      .where(eq(conversations.id, frenchChat));
    const turns = conversation!.turns.map((turn, index) =>
      index === 0 ? { ...turn, text: 'Bonjour, Demo Télécom.' } : turn,
    );
    await database.db.update(conversations).set({ turns }).where(eq(conversations.id, frenchChat));
    await runEvaluation();
    const after = await stored(frenchChat);
    const answers = Object.fromEntries(after!.items.map((item) => [item.item_id, item]));
    expect(answers[demoId(2011)]).toMatchObject({ value: 'yes', score: 100 });
    expect(answers[demoId(2041)]).toMatchObject({ value: 'no' });
    // Not re-run: still the answer to the first turn as it was.
    expect(answers[demoId(2012)]).toMatchObject({ value: 'no' });
    expect(after!.mainScore).toBeCloseTo(900 / 12, 3);
    expect(after!.pendingItemIds).toBeNull();
  });

  it('is queued when the analysis ends, unless the campaign turned auto_evaluate off', async () => {
    const addAnalysing = async (campaignId: string) => {
      const id = newId();
      await database.db.insert(conversations).values({
        id,
        campaignId,
        type: 'chat',
        status: 'analysing',
        language: 'en',
        startedAt: new Date(),
        turns: [
          {
            speaker: 'agent',
            text: 'Hello',
            subject: null,
            start_s: null,
            end_s: null,
            sent_at: null,
            sentiment: null,
          },
        ],
      });
      const [job] = await database.db
        .insert(jobs)
        .values({ id: newId(), kind: 'analysis', conversationId: id, status: 'running', attempts: 1 })
        .returning();
      await analysisHandler(job!, context());
      return id;
    };
    const evaluated = await addAnalysing(demoCampaigns.customerCare.id);
    expect(await stored(evaluated)).toMatchObject({ status: 'queued', gridVersion: 1 });

    // A validated evaluation is a person's final word: analysing the conversation again does not replace it.
    await runEvaluation();
    await database.db
      .update(evaluations)
      .set({ validated: true })
      .where(eq(evaluations.conversationId, evaluated));
    const [analysis] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.conversationId, evaluated), eq(jobs.kind, 'analysis')));
    await analysisHandler(analysis!, context());
    expect(await stored(evaluated)).toMatchObject({ status: 'done', validated: true });

    await database.db
      .update(campaigns)
      .set({ settings: { auto_evaluate: false } })
      .where(eq(campaigns.id, demoCampaigns.customerCare.id));
    const left = await addAnalysing(demoCampaigns.customerCare.id);
    expect(await stored(left)).toBeUndefined();
  });

  it('runs an item launched on an evaluation that has no answers yet as the whole evaluation', async () => {
    const [call] = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.campaignId, demoCampaigns.serviceClient.id), eq(conversations.type, 'call')),
      );
    const whole = await launchEvaluation(database.db, config, pipeline, {
      id: call!.id,
      campaignId: demoCampaigns.serviceClient.id,
      status: 'ready',
    });
    expect(whole.pendingItemIds).toBeNull();
    const item = await launchEvaluationItem(
      database.db,
      pipeline,
      { id: call!.id, status: 'ready' },
      demoId(2011),
    );
    expect(item).toMatchObject({ status: 'queued', pendingItemIds: null });
  });

  it('fails the evaluation, not the conversation, when its job fails for good', async () => {
    await markWorkFailed(
      database.db,
      { kind: 'evaluation', conversationId: frenchChat },
      { reason: 'unexpected', detail: 'The engine broke' },
    );
    expect(await stored(frenchChat)).toMatchObject({ status: 'failed', statusReason: 'The engine broke' });
    const [conversation] = await database.db
      .select({ status: conversations.status })
      .from(conversations)
      .where(eq(conversations.id, frenchChat));
    expect(conversation!.status).toBe('ready');
  });
});
