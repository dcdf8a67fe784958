// PII redaction per campaign, on both databases, through the real app: the three settings read and written with
// the campaign; with `redact_at_ingestion` a conversation is stored with placeholders (its search text too);
// with `redact_for_providers` the fake OpenAI-compatible server started here receives redacted text (and plain text
// when the setting is off), the model's quotes still verifying; with `redact_exports` the list export and the
// conversation file are redacted.
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../contract/campaigns';
import type { Conversation, ConversationFile } from '../../../contract/conversations';
import { conversations, evaluations } from '../../../server/db/schema';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { launchEvaluation } from '../../../server/evaluations/service';
import { pipeline } from '../../../server/jobs/pipeline';
import { testDatabaseKinds } from '../../fixtures/databases';
import { runEvaluationJobs } from '../../fixtures/evaluation-jobs';
import {
  startFakeChatCompletions,
  userPayload,
  type FakeChatCompletions,
} from '../../fixtures/fake-chat-completions';
import { evaluationAnswer } from '../../fixtures/fake-evaluation-model';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const campaignId = demoCampaigns.customerCare.id;
const card = '4111 1111 1111 1111';
const email = 'jane.doe@example.com';
const phone = '06 12 34 56 78';
const iban = 'FR76 3000 6000 0112 3456 7890 189';
const nir = '2 69 05 2A 123 456 88';

const chatWith = (text: string, metadata: Record<string, string> = {}) => ({
  type: 'chat',
  agent_id: demoUsers.agent.id,
  language: 'en',
  metadata,
  messages: [
    { speaker: 'customer', text },
    { speaker: 'agent', text: 'Thank you, I have noted it.' },
  ],
});

describe.each(testDatabaseKinds)('PII redaction on %s', (kind) => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  let owner: string;

  beforeAll(async () => {
    fake = await startFakeChatCompletions((request) => evaluationAnswer(request));
    t = await createTestApp(kind, {
      QM_ROLE: 'web',
      EVALUATION_BASE_URL: fake.baseUrl,
      EVALUATION_MODEL: 'judge-model',
    });
    owner = await t.accessToken(demoUsers.supervisor.email);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const setRedaction = async (settings: Partial<Record<keyof Campaign & `redact_${string}`, boolean>>) => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(owner),
      payload: {
        redact_for_providers: false,
        redact_at_ingestion: false,
        redact_exports: false,
        evaluation_engine: 'llm',
        ...settings,
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Campaign;
  };
  const ingest = async (payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/conversations`,
      headers: bearer(owner),
      payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Conversation;
  };
  /** Evaluates the conversation through the provider; resolves to the text the provider was sent of its first turn. */
  const evaluateThroughProvider = async (id: string) => {
    fake.requests.length = 0;
    await launchEvaluation(t.database.db, t.config, pipeline, { id, campaignId, status: 'ready' });
    const { files, hub, previousPeriodCounts } = t.app.context;
    expect(
      await runEvaluationJobs(t.database.db, {
        config: t.config,
        files,
        hub,
        log: t.app.log,
        previousPeriodCounts,
      }),
    ).toBe(1);
    expect(fake.requests).toHaveLength(1);
    const sent = userPayload(fake.requests[0]!) as { turns: { text: string }[] };
    return sent.turns[0]!.text;
  };

  it('reads and writes the three settings with the campaign, all off by default, and refuses a non-boolean', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(owner),
    });
    expect(before.json()).toMatchObject({
      redact_for_providers: false,
      redact_at_ingestion: false,
      redact_exports: false,
    });
    expect(await setRedaction({ redact_at_ingestion: true, redact_exports: true })).toMatchObject({
      redact_for_providers: false,
      redact_at_ingestion: true,
      redact_exports: true,
    });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(owner),
      payload: { redact_exports: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('detail');
    const viewer = await t.accessToken(demoUsers.agent.email);
    const forbidden = await t.app.inject({
      method: 'PATCH',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(viewer),
      payload: { redact_exports: false },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('stores a conversation redacted at ingestion, its search text too', async () => {
    await setRedaction({ redact_at_ingestion: true });
    const conversation = await ingest(
      chatWith(
        `Card ${card}, mail ${email}, phone ${phone}, IBAN ${iban}, NIR ${nir}, ` +
          'or four one one one one one one one one one one one one one one one.',
      ),
    );
    expect(conversation.turns[0]!.text).toBe(
      'Card [CARD], mail [EMAIL], phone [PHONE], IBAN [IBAN], NIR [NIR], or [CARD].',
    );
    const [row] = await t.database.db
      .select({ searchText: conversations.searchText })
      .from(conversations)
      .where(eq(conversations.id, conversation.id));
    expect(row!.searchText).not.toMatch(/4111|jane|0112/);

    await setRedaction({ redact_at_ingestion: false });
    const plain = await ingest(chatWith(`Card ${card}.`));
    expect(plain.turns[0]!.text).toBe(`Card ${card}.`);
  });

  it('sends the provider redacted text when the campaign asks, plain text when not; quotes still verify', async () => {
    const { id } = await ingest(chatWith(`My card is ${card} and my mail ${email}.`));

    await setRedaction({ redact_for_providers: true });
    expect(await evaluateThroughProvider(id)).toBe('My card is [CARD] and my mail [EMAIL].');
    const [evaluation] = await t.database.db
      .select({ items: evaluations.items })
      .from(evaluations)
      .where(eq(evaluations.conversationId, id));
    // The fake model quotes the first turn as it was sent: with its placeholders, found in the stored text.
    const quoted = evaluation!.items
      .flatMap((item) => item.evidence)
      .filter((quote) => quote.text.includes('[CARD]'));
    expect(quoted.length).toBeGreaterThan(0);
    expect(quoted.every((quote) => quote.verified)).toBe(true);

    await setRedaction({ redact_for_providers: false });
    expect(await evaluateThroughProvider(id)).toBe(`My card is ${card} and my mail ${email}.`);
  });

  it('redacts the list export and the conversation file when the campaign asks', async () => {
    const { id } = await ingest(chatWith(`Call me on ${phone}.`, { contact: email }));
    const exported = async () => {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/campaigns/${campaignId}/conversations/export?format=csv`,
        headers: bearer(owner),
      });
      expect(list.statusCode).toBe(200);
      const rows = parse(list.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/conversations/export/${id}`,
        headers: bearer(owner),
      });
      expect(file.statusCode).toBe(200);
      const { conversation } = file.json() as ConversationFile;
      return {
        contact: rows.find((row) => row.id === id)?.['metadata.contact'],
        fileText: conversation.turns[0]!.text,
        fileContact: conversation.metadata['contact'],
      };
    };

    await setRedaction({ redact_exports: true });
    expect(await exported()).toEqual({
      contact: '[EMAIL]',
      fileText: 'Call me on [PHONE].',
      fileContact: '[EMAIL]',
    });
    await setRedaction({ redact_exports: false });
    expect(await exported()).toEqual({
      contact: email,
      fileText: `Call me on ${phone}.`,
      fileContact: email,
    });
  });
});
