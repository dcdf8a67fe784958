// GET /conversations/{id}/translation on both databases: apertium through Spanish (skipped, with the reason
// printed, when it is not installed), the cache and when it is renewed, the same language, access, bad input, the
// provider against a fake OpenAI-compatible server, and /api/health's engines.
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Translation, Turn } from '../../../contract/conversations';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversationTranslations, conversations } from '../../../server/db/schema';
import { translateConversation } from '../../../server/conversations/translation/service';
import { createApertiumEngine } from '../../../server/engines/translation/local';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeChatCompletions,
  userPayload,
  type FakeChatCompletions,
} from '../../fixtures/fake-chat-completions';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';
import { textTurn } from '../../fixtures/turns';

const apertiumReady = (() => {
  try {
    const modes = execFileSync('apertium', ['-l'], { encoding: 'utf8' });
    return ['eng-spa', 'spa-eng', 'fr-es', 'es-fr'].every((mode) => modes.includes(mode));
  } catch {
    return false;
  }
})();
if (!apertiumReady) {
  console.warn('Skipping the apertium translation tests: install apertium, apertium-eng-spa, apertium-fr-es');
}

describe.each(testDatabaseKinds)('conversation translation on %s', (kind) => {
  let t: TestApp;
  let supervisor: string;
  let agent: string;
  let otherAgent: string;

  async function addConversation(language: 'en' | 'fr', turns: Turn[], agentId: string = demoUsers.agent.id) {
    const id = newId();
    await t.database.db.insert(conversations).values({
      id,
      campaignId: demoCampaigns.customerCare.id,
      agentId,
      type: 'email',
      status: 'ready',
      language,
      startedAt: new Date(),
      turns,
    });
    return id;
  }

  const translation = (id: string, token: string, target = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/api/conversations/${id}/translation?target_language=${target}`,
      headers: bearer(token),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    supervisor = await t.accessToken(demoUsers.supervisor.email);
    agent = await t.accessToken(demoUsers.agent.email);
    otherAgent = await t.accessToken(demoUsers.agent2.email);
  });
  afterAll(() => t.close());

  it.runIf(apertiumReady)(
    'translates with apertium, marked as a gist, then answers from the cache',
    async () => {
      const id = await addConversation('fr', [
        textTurn('customer', 'Bonjour, je voudrais annuler mon abonnement.', 'Annulation'),
        textTurn('agent', 'Merci beaucoup, votre demande est enregistrée.'),
      ]);
      const first = await translation(id, agent);
      expect(first.statusCode).toBe(200);
      const body = first.json<Translation>();
      expect(body).toMatchObject({ target_language: 'en', gist: true, engine: { engine: 'apertium' } });
      expect(body.turns).toHaveLength(2);
      expect(body.turns[0]?.text).toMatch(/subscription/);
      expect(body.turns[0]?.subject).not.toBeNull();
      expect(body.turns[1]).toMatchObject({ subject: null, text: expect.stringMatching(/Thank you/i) });

      // What the second toggle gets comes from the cache: marked here so the test can tell.
      await t.database.db
        .update(conversationTranslations)
        .set({ turns: [{ text: 'from the cache', subject: null }] })
        .where(eq(conversationTranslations.conversationId, id));
      expect((await translation(id, supervisor)).json<Translation>().turns).toEqual([
        { text: 'from the cache', subject: null },
      ]);

      // A transcript that changed is translated again.
      await t.database.db
        .update(conversations)
        .set({ turns: [textTurn('customer', 'Merci')] })
        .where(eq(conversations.id, id));
      const renewed = (await translation(id, supervisor)).json<Translation>();
      expect(renewed.turns).toEqual([{ text: expect.stringMatching(/Thank/), subject: null }]);
    },
  );

  it('answers the turns as they are in the conversation’s own language', async () => {
    const id = await addConversation('en', [textTurn('customer', 'Hello there', 'Hi')]);
    const response = await translation(id, supervisor, 'en');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      target_language: 'en',
      turns: [{ text: 'Hello there', subject: 'Hi' }],
      engine: { engine: 'original', model: null },
      gist: false,
    });
  });

  it('refuses a language it does not know, and hides what the caller may not read', async () => {
    const id = await addConversation('en', [textTurn('customer', 'Hello')]);
    const unknown = await translation(id, supervisor, 'de');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ detail: 'Invalid request' });
    expect((await translation(id, otherAgent, 'fr')).statusCode).toBe(404);
    expect((await translation(newId(), supervisor, 'fr')).statusCode).toBe(404);
    const notAnId = await t.app.inject({
      method: 'GET',
      url: '/api/conversations/nope/translation?target_language=fr',
      headers: bearer(supervisor),
    });
    expect(notAnId.statusCode).toBe(400);
  });

  it('says when no engine can translate, with what would enable one', async () => {
    const id = await addConversation('en', [textTurn('customer', 'Hello')]);
    const failure = await translateConversation(
      {
        db: t.database.db,
        engine: createApertiumEngine({ command: '/nonexistent/apertium' }),
        log: Fastify().log,
      },
      { id, language: 'en', turns: [{ text: 'Hello', subject: null }], redactForProviders: false },
      'fr',
    ).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 503, detail: expect.stringMatching(/apertium-fr-es/) });
  });

  it('reports its engines in /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json().engines).toMatchObject({
      analysis: { status: 'ok', detail: expect.stringContaining('lexicon') },
      translation: {
        status: apertiumReady ? 'ok' : 'unavailable',
        detail: expect.stringContaining('apertium'),
      },
    });
  });
});

describe.each(testDatabaseKinds)('conversation translation by a provider on %s', (kind) => {
  let t: TestApp;
  let fake: FakeChatCompletions;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeChatCompletions((request) => {
      const { items } = userPayload(request) as { items: string[] };
      if (items.includes('fail')) return { status: 400, body: 'no' };
      return { content: JSON.stringify({ items: items.map((item) => `EN: ${item}`) }) };
    });
    t = await createTestApp(kind, { TRANSLATION_BASE_URL: fake.baseUrl, TRANSLATION_MODEL: 'translator' });
    token = await t.accessToken(demoUsers.supervisor.email);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const translate = async (turns: Turn[]) => {
    const id = newId();
    await t.database.db.insert(conversations).values({
      id,
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      type: 'chat',
      status: 'ready',
      language: 'fr',
      startedAt: new Date(),
      turns,
    });
    return t.app.inject({
      method: 'GET',
      url: `/api/conversations/${id}/translation?target_language=en`,
      headers: bearer(token),
    });
  };

  it('translates with the model, not as a gist', async () => {
    const response = await translate([textTurn('customer', 'Bonjour')]);
    expect(response.json()).toEqual({
      target_language: 'en',
      turns: [{ text: 'EN: Bonjour', subject: null }],
      engine: { engine: 'llm', model: 'translator' },
      gist: false,
    });
  });

  it('answers 503 when the provider fails, and logs why', async () => {
    const response = await translate([textTurn('customer', 'fail')]);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'The translation engine failed; try again later' });
  });
});
