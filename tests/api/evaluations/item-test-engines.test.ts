// The grid editor's item test on each engine, against the fake OpenAI-compatible server started here: by default
// the LLM provider when one is configured (justification and verified quotes, an invented quote flagged, the call's
// tokens recorded as usage of the caller's organisation), the rules engine when asked for (no usage), and the LLM
// refused (422) on a server without a provider.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { usageEvents } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeChatCompletions,
  type ChatCompletionRequest,
  type FakeAnswer,
  type FakeChatCompletions,
} from '../../fixtures/fake-chat-completions';
import { askedItemIds, evaluationAnswer } from '../../fixtures/fake-evaluation-model';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const transcript = 'Agent: Hello, thank you for calling.\nCustomer: Hi, my parcel is late.';
const greeting = {
  description: 'The agent greets the customer.',
  item_type: 'binary_item',
  transcript,
  rules: { any_of: ['hello'], speaker: 'agent' },
};

describe.each(testDatabaseKinds)('item test engines on %s', (kind) => {
  let fake: FakeChatCompletions;
  let respond: (request: ChatCompletionRequest) => FakeAnswer;
  let withProvider: TestApp;
  let withoutProvider: TestApp;
  let tokens: { withProvider: string; withoutProvider: string };

  const test = (app: TestApp, token: string, body: Record<string, unknown>) =>
    app.app.inject({
      method: 'POST',
      url: '/api/evaluation-grids/item/test',
      headers: bearer(token),
      payload: body,
    });
  const usage = () =>
    withProvider.database.db.select().from(usageEvents).where(eq(usageEvents.feature, 'item_test'));

  beforeAll(async () => {
    fake = await startFakeChatCompletions((request) => respond(request));
    withProvider = await createTestApp(kind, {
      EVALUATION_BASE_URL: fake.baseUrl,
      EVALUATION_MODEL: 'judge-model',
    });
    withoutProvider = await createTestApp(kind);
    tokens = {
      withProvider: await withProvider.accessToken(demoUsers.supervisor.email),
      withoutProvider: await withoutProvider.accessToken(demoUsers.supervisor.email),
    };
  });
  afterAll(async () => {
    await withProvider.close();
    await withoutProvider.close();
    await fake.close();
  });
  beforeEach(async () => {
    respond = (request) =>
      evaluationAnswer(request, { usage: { prompt_tokens: 321, completion_tokens: 45 } });
    fake.requests.length = 0;
    await withProvider.database.db.delete(usageEvents);
  });

  it('runs on the LLM provider by default, with its justification and verified quote, and records the call', async () => {
    const response = await test(withProvider, tokens.withProvider, { ...greeting, language: 'fr' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      engine: 'llm',
      value: 'yes',
      justification: 'As the conversation shows.',
      evidence: [{ text: 'Hello, thank you for calling.', turn: 1, verified: true }],
      not_evaluated_reason: null,
      rule_reason: null,
      needs_review: false,
      failure_detail: null,
    });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.model).toBe('judge-model');
    expect(await usage()).toEqual([
      expect.objectContaining({
        organisationId: demoOrganisation.id,
        campaignId: null,
        conversationId: null,
        kind: 'llm_call',
        engine: 'llm',
        model: 'judge-model',
        quantity: 1,
        tokensIn: 321,
        tokensOut: 45,
      }),
    ]);
  });

  it('flags an answer whose quote is not in the transcript', async () => {
    respond = (request) =>
      evaluationAnswer(request, {
        overrides: Object.fromEntries(
          askedItemIds(request).map((id) => [
            id,
            {
              answer: 'yes',
              justification: 'Warm.',
              evidence: [{ turn: 1, quote: 'Welcome, dear customer' }],
            },
          ]),
        ),
      });
    const response = await test(withProvider, tokens.withProvider, greeting);
    expect(response.json()).toMatchObject({
      engine: 'llm',
      value: 'yes',
      needs_review: true,
      evidence: [{ text: 'Welcome, dear customer', verified: false }],
    });
  });

  it('runs on the rules engine when asked, without calling the provider or recording usage', async () => {
    const response = await test(withProvider, tokens.withProvider, { ...greeting, engine: 'rules' });
    expect(response.json()).toMatchObject({ engine: 'rules', value: 'yes', rule_reason: 'found' });
    expect(fake.requests).toHaveLength(0);
    expect(await usage()).toEqual([]);
  });

  it('runs on the rules engine by default without a provider, and refuses the LLM there (422)', async () => {
    const rules = await test(withoutProvider, tokens.withoutProvider, greeting);
    expect(rules.json()).toMatchObject({ engine: 'rules', value: 'yes' });
    const refused = await test(withoutProvider, tokens.withoutProvider, { ...greeting, engine: 'llm' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: expect.stringContaining('No LLM provider') });
  });

  it('refuses an unknown engine or language (400)', async () => {
    for (const wrong of [{ engine: 'oracle' }, { language: 'de' }]) {
      const response = await test(withProvider, tokens.withProvider, { ...greeting, ...wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
  });
});
