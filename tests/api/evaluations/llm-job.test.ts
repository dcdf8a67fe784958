// The evaluation job with the LLM provider engine, on both databases, against the fake OpenAI-compatible server
// started here: the result records the engine, model and grid version; a quote not in the transcript flags its
// item for review; an item answered unfit twice fails with the reason; items with rules can be forced to the rules
// engine; usage rows hold the run and the tokens the server reported for each call; a campaign that chose the LLM
// on a server without one is evaluated by the rules and says so; a whole re-launch keeps people's answers, a
// re-launched item does not.
import { and, asc, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns, demoOrganisation, demoUsers, seedDemoData } from '../../../server/demo/data';
import { campaigns, conversations, evaluations, usageEvents } from '../../../server/db/schema';
import { answerItem } from '../../../server/evaluations/human-changes';
import { systemSource } from '../../../server/audit-log/source';
import { launchEvaluation, launchEvaluationItem } from '../../../server/evaluations/service';
import { pipeline } from '../../../server/jobs/pipeline';
import { createLiveHub, type LiveHub } from '../../../server/live/hub';
import { createPreviousPeriodCounts } from '../../../server/reviews/previous-period-counts';
import { createLocalFileStorage } from '../../../server/storage/files';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeChatCompletions,
  type ChatCompletionRequest,
  type FakeAnswer,
  type FakeChatCompletions,
} from '../../fixtures/fake-chat-completions';
import { askedItemIds, evaluationAnswer } from '../../fixtures/fake-evaluation-model';
import { runEvaluationJobs } from '../../fixtures/evaluation-jobs';

const demoId = (n: number) => `019a0000-0000-7000-8000-00000000${n}`;
const greets = demoId(1011);
const explains = demoId(1022);
const campaignId = demoCampaigns.customerCare.id;

describe.each(testDatabaseKinds)('evaluation job with the LLM provider on %s', (kind) => {
  let database: DatabaseHandle;
  let hub: LiveHub;
  let fake: FakeChatCompletions;
  let withProvider: Config;
  let withoutProvider: Config;
  let respond: (request: ChatCompletionRequest) => FakeAnswer;
  let chat: string;

  const previousPeriodCounts = createPreviousPeriodCounts();
  const services = (config: Config) => ({
    config,
    files: createLocalFileStorage('/tmp'),
    hub,
    log: Fastify({ logger: false }).log,
    previousPeriodCounts,
  });
  const run = async (config: Config) => {
    await launchEvaluation(database.db, config, pipeline, { id: chat, campaignId, status: 'ready' });
    expect(await runEvaluationJobs(database.db, services(config))).toBe(1);
    return stored();
  };

  const stored = async () => {
    const [row] = await database.db.select().from(evaluations).where(eq(evaluations.conversationId, chat));
    return row!;
  };
  const itemOf = (row: { items: { item_id: string }[] }, id: string) =>
    row.items.find((item) => item.item_id === id);

  const usageOfChat = () =>
    database.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.conversationId, chat))
      .orderBy(asc(usageEvents.id));

  const setSettings = (settings: Record<string, unknown>) =>
    database.db.update(campaigns).set({ settings }).where(eq(campaigns.id, campaignId));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
    hub = await createLiveHub(database);
    fake = await startFakeChatCompletions((request) => respond(request));
    withProvider = loadConfig({
      LOG_LEVEL: 'silent',
      EVALUATION_BASE_URL: fake.baseUrl,
      EVALUATION_MODEL: 'judge-model',
    });
    withoutProvider = loadConfig({ LOG_LEVEL: 'silent' });
    const [row] = await database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.campaignId, campaignId), eq(conversations.type, 'chat')));
    chat = row!.id;
  });
  afterAll(async () => {
    await hub.close();
    await fake.close();
    await database.close();
  });
  beforeEach(async () => {
    respond = (request) => evaluationAnswer(request);
    fake.requests.length = 0;
    await setSettings({});
    await database.db.delete(usageEvents);
  });

  it('stores the LLM evaluation with its engine, model and grid version, and the tokens of its call', async () => {
    respond = (request) =>
      evaluationAnswer(request, { usage: { prompt_tokens: 1234, completion_tokens: 56 } });
    const row = await run(withProvider);
    expect(row).toMatchObject({ status: 'done', engine: 'llm', model: 'judge-model', gridVersion: 1 });
    expect(row.statusReason).toBeNull();
    // Every item asked in one request, the levels item included, and answered by the model.
    expect(fake.requests).toHaveLength(1);
    expect(askedItemIds(fake.requests[0]!)).toContain(explains);
    expect(itemOf(row, explains)).toMatchObject({
      value: 0,
      score: 0,
      justification: 'As the conversation shows.',
      needs_review: false,
      failure_detail: null,
      not_evaluated_reason: null,
      evidence: [{ turn: 1, verified: true }],
    });
    expect(row.mainScore).not.toBeNull();

    const usage = await usageOfChat();
    expect(
      usage.map(({ kind, feature, engine, model, quantity, unit, tokensIn, tokensOut }) => ({
        kind,
        feature,
        engine,
        model,
        quantity,
        unit,
        tokensIn,
        tokensOut,
      })),
    ).toEqual([
      {
        kind: 'evaluation',
        feature: 'evaluation',
        engine: 'llm',
        model: 'judge-model',
        quantity: 1,
        unit: 'evaluation',
        tokensIn: 0,
        tokensOut: 0,
      },
      {
        kind: 'llm_call',
        feature: 'evaluation',
        engine: 'llm',
        model: 'judge-model',
        quantity: 1,
        unit: 'call',
        tokensIn: 1234,
        tokensOut: 56,
      },
    ]);
    expect(usage[0]).toMatchObject({
      organisationId: demoOrganisation.id,
      campaignId,
    });
  });

  it('flags an item whose quote is not in the transcript for review, the quote unverified', async () => {
    respond = (request) =>
      evaluationAnswer(request, {
        overrides: {
          [greets]: {
            answer: 'yes',
            justification: 'The agent greets warmly.',
            evidence: [{ turn: 1, quote: 'Welcome to the finest support in the world' }],
          },
        },
      });
    const row = await run(withProvider);
    expect(itemOf(row, greets)).toMatchObject({
      value: 'yes',
      needs_review: true,
      evidence: [{ turn: 1, text: 'Welcome to the finest support in the world', verified: false }],
    });
    expect(itemOf(row, explains)).toMatchObject({ needs_review: false });
  });

  it('fails an item answered unfit twice, with the reason, and counts the tokens of both calls', async () => {
    const unfit = { answer: 'maybe', justification: 'Unsure.', evidence: [] };
    let call = 0;
    respond = (request) => {
      call++;
      return evaluationAnswer(request, {
        overrides: { [greets]: unfit },
        usage: { prompt_tokens: 100 * call, completion_tokens: 10 * call },
      });
    };
    const row = await run(withProvider);
    expect(fake.requests).toHaveLength(2);
    expect(askedItemIds(fake.requests[1]!)).toEqual([greets]);
    expect(itemOf(row, greets)).toMatchObject({
      value: null,
      score: null,
      not_evaluated_reason: 'failed',
      failure_detail: expect.stringContaining('"maybe"'),
    });
    expect(itemOf(row, explains)).toMatchObject({ value: 0, not_evaluated_reason: null });
    expect(row.status).toBe('done');
    const calls = (await usageOfChat()).filter((event) => event.kind === 'llm_call');
    expect(calls.map((event) => [event.tokensIn, event.tokensOut])).toEqual([
      [100, 10],
      [200, 20],
    ]);
  });

  it('answers items with rules by the rules when the campaign forces them, the others by the model', async () => {
    await setSettings({ evaluation_engine: 'llm', evaluation_force_rules: true });
    const row = await run(withProvider);
    expect(row).toMatchObject({ engine: 'llm', model: 'judge-model' });
    const asked = askedItemIds(fake.requests[0]!);
    expect(asked).toContain(explains);
    expect(asked).not.toContain(greets);
    expect(itemOf(row, greets)).toMatchObject({ justification: null, rule_reason: expect.any(String) });
    expect(itemOf(row, explains)).toMatchObject({ justification: 'As the conversation shows.' });
  });

  it('evaluates by the rules a campaign that chose the rules, with no provider call', async () => {
    await setSettings({ evaluation_engine: 'rules' });
    const row = await run(withProvider);
    expect(row).toMatchObject({ engine: 'rules', model: null, statusReason: null });
    expect(fake.requests).toHaveLength(0);
    expect(itemOf(row, explains)).toMatchObject({ value: null, not_evaluated_reason: 'levels_item' });
  });

  it('falls back on the rules, and says so, when the LLM chosen is no longer configured', async () => {
    await setSettings({ evaluation_engine: 'llm' });
    const row = await run(withoutProvider);
    expect(row).toMatchObject({
      status: 'done',
      engine: 'rules',
      model: null,
      statusReason: 'llm_unavailable',
    });
    expect(fake.requests).toHaveLength(0);
    expect((await usageOfChat()).map((event) => [event.kind, event.engine])).toEqual([
      ['evaluation', 'rules'],
    ]);
  });

  it('keeps people’s answers through a whole re-launch, and replaces one when its item is re-launched', async () => {
    await run(withProvider);
    const target = {
      conversationId: chat,
      itemId: greets,
      userId: demoUsers.supervisor.id,
      audit: { source: systemSource, organisationId: demoOrganisation.id },
    };
    await answerItem(database.db, hub, target, {
      evaluation_item: { value: 'no' },
      comment: 'No greeting at all.',
      item_type: 'binary_item',
    });
    await database.db
      .update(evaluations)
      .set({ validated: true, validatedBy: demoUsers.supervisor.id, validatedAt: new Date() })
      .where(eq(evaluations.conversationId, chat));

    fake.requests.length = 0;
    const relaunched = await run(withProvider);
    expect(askedItemIds(fake.requests[0]!)).not.toContain(greets);
    expect(itemOf(relaunched, greets)).toMatchObject({
      value: 'no',
      source: 'human',
      comment: 'No greeting at all.',
      score: 0,
    });
    expect(itemOf(relaunched, explains)).toMatchObject({ source: 'ai', value: 0 });
    expect(relaunched.validated).toBe(false);

    await launchEvaluationItem(database.db, pipeline, { id: chat, status: 'ready' }, greets);
    await runEvaluationJobs(database.db, services(withProvider));
    expect(itemOf(await stored(), greets)).toMatchObject({ source: 'ai', value: 'yes', comment: null });
  });
});
