// The translation engines: Debian apertium through Spanish (skipped, with the reason printed, when it is not
// installed), and the provider against a fake OpenAI-compatible server started here.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranslationUnavailable } from '../../server/engines/translation';
import { createApertiumEngine } from '../../server/engines/translation/local';
import {
  batchCharacters,
  batchesOf,
  createProviderTranslationEngine,
} from '../../server/engines/translation/provider';
import { createChatClient } from '../../server/engines/openai-compatible/chat';
import {
  startFakeChatCompletions,
  userPayload,
  type FakeChatCompletions,
} from '../fixtures/fake-chat-completions';

function apertiumModes(): string[] {
  try {
    return execFileSync('apertium', ['-l'], { encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim());
  } catch {
    return [];
  }
}
const modes = apertiumModes();
const apertiumReady = ['eng-spa', 'spa-eng', 'fr-es', 'es-fr'].every((mode) => modes.includes(mode));
if (!apertiumReady) {
  console.warn(
    'Skipping the apertium tests: install the Debian packages apertium, apertium-eng-spa, apertium-fr-es',
  );
}

describe.runIf(apertiumReady)('apertium engine', () => {
  const engine = createApertiumEngine();

  it('is usable, and marks its translations as a gist', async () => {
    expect(await engine.status()).toMatchObject({ status: 'ok' });
    expect(engine).toMatchObject({ gist: true, run: { engine: 'apertium' } });
  });

  it('translates English to French through Spanish, every turn in place', async () => {
    const translated = await engine.translate(
      [
        { text: 'I would like a refund, please.', subject: null },
        { text: 'Thank you very much.\n\nThe price is 5 < 6 & fine.', subject: 'My order' },
        { text: '', subject: null },
      ],
      'en',
      'fr',
    );
    expect(translated).toHaveLength(3);
    expect(translated[0]?.text).toMatch(/remboursement/);
    expect(translated[1]?.text).toMatch(/^Merci beaucoup\.\n\n.*5 < 6 &/);
    expect(translated[1]?.subject).toMatch(/^Mon /);
    expect(translated[2]).toEqual({ text: '', subject: null });
  });

  it('translates French to English through Spanish', async () => {
    const [turn] = await engine.translate(
      [{ text: "Je ne suis pas content du service. L'attente était trop longue.", subject: null }],
      'fr',
      'en',
    );
    expect(turn?.text).toMatch(/not happy/);
    expect(turn?.text).toMatch(/too long/);
  });
});

describe('apertium engine without apertium', () => {
  const engine = createApertiumEngine({ command: '/nonexistent/apertium' });

  it('says what to install, and refuses to translate', async () => {
    expect(await engine.status()).toEqual({
      status: 'unavailable',
      detail: expect.stringContaining('apertium-eng-spa'),
    });
    await expect(engine.translate([{ text: 'Hello', subject: null }], 'en', 'fr')).rejects.toBeInstanceOf(
      TranslationUnavailable,
    );
  });

  it('still answers what needs no translation', async () => {
    expect(await engine.translate([{ text: 'Hello', subject: null }], 'en', 'en')).toEqual([
      { text: 'Hello', subject: null },
    ]);
    expect(await engine.translate([], 'en', 'fr')).toEqual([]);
  });
});

describe('provider translation engine', () => {
  let fake: FakeChatCompletions;

  beforeAll(async () => {
    // The fake model "translates" by tagging each item with the target language.
    fake = await startFakeChatCompletions((request) => {
      const { target, items } = userPayload(request) as { target: string; items: string[] };
      return { content: JSON.stringify({ items: items.map((item) => `[${target}] ${item}`) }) };
    });
  });
  afterAll(() => fake.close());

  it('translates every turn and subject in order, in batches, and is no gist', async () => {
    const provider = { baseUrl: fake.baseUrl, apiKey: undefined, model: 'translator', timeoutSeconds: 120 };
    const engine = createProviderTranslationEngine(createChatClient(provider), provider);
    const long = 'x'.repeat(batchCharacters - 2);
    const turns = [
      { text: 'Bonjour', subject: 'Ma commande' },
      { text: long, subject: null },
      { text: 'Merci', subject: null },
    ];
    const before = fake.requests.length;
    expect(await engine.translate(turns, 'fr', 'en')).toEqual([
      { text: '[English] Bonjour', subject: '[English] Ma commande' },
      { text: `[English] ${long}`, subject: null },
      { text: '[English] Merci', subject: null },
    ]);
    expect(fake.requests.length - before).toBe(3);
    expect(userPayload(fake.requests[before]!)).toEqual({
      source: 'French',
      target: 'English',
      items: ['Bonjour', 'Ma commande'],
    });
    expect(engine).toMatchObject({ gist: false, run: { engine: 'llm', model: 'translator' } });
    expect(await engine.status()).toMatchObject({ status: 'ok' });
  });

  it('cuts batches by item count and by size', () => {
    expect(batchesOf(Array.from({ length: 120 }, () => 'a')).map((batch) => batch.length)).toEqual([
      50, 50, 20,
    ]);
    expect(batchesOf(['a'.repeat(batchCharacters + 5), 'b']).map((batch) => batch.length)).toEqual([1, 1]);
  });
});
