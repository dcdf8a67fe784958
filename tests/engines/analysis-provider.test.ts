// The provider analysis engine against a fake OpenAI-compatible server whose "model" rates turns by a few words:
// what it is sent, and how its answer becomes the analysis (topics joined with keyword matches).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderAnalysisEngine } from '../../server/engines/analysis/provider';
import { createChatClient } from '../../server/engines/openai-compatible/chat';
import {
  startFakeChatCompletions,
  userPayload,
  type ChatCompletionRequest,
  type FakeChatCompletions,
} from '../fixtures/fake-chat-completions';

interface SentPayload {
  language_hint: string;
  turns: { number: number; speaker: string; subject?: string; text: string }[];
  topics: { name: string; keywords: string[] }[];
}

/** The fake model: "angry" makes a turn negative, "thanks" positive; it names "Billing" when "bill" is said. */
function fakeModel(request: ChatCompletionRequest) {
  const payload = userPayload(request) as SentPayload;
  const rate = (text: string) =>
    /angry/i.test(text) ? 'NEGATIVE' : /thanks/i.test(text) ? 'POSITIVE' : 'NEUTRAL';
  const turnSentiments = payload.turns.map((turn) => rate(turn.text));
  const text = payload.turns.map((turn) => turn.text).join(' ');
  return {
    content: JSON.stringify({
      language: /bonjour/i.test(text) ? 'fr' : 'en',
      sentiment: turnSentiments.at(-1) ?? 'NEUTRAL',
      turn_sentiments: /three turns only/.test(text) ? turnSentiments.slice(0, 1) : turnSentiments,
      topics: [...(/bill/i.test(text) ? ['Billing'] : []), 'Not a campaign topic'],
    }),
  };
}

describe('provider analysis engine', () => {
  let fake: FakeChatCompletions;
  let engine: ReturnType<typeof createProviderAnalysisEngine>;
  const topics = [
    { name: 'Delivery', keywords: ['parcel'] },
    { name: 'Billing', keywords: ['invoice'] },
  ];

  beforeAll(async () => {
    fake = await startFakeChatCompletions(fakeModel);
    engine = createProviderAnalysisEngine(
      createChatClient(
        { baseUrl: fake.baseUrl, apiKey: 'k', model: 'analysis-model', timeoutSeconds: 120 },
        { backoffMs: 10 },
      ),
    );
  });
  afterAll(() => fake.close());

  it('records the model, and sends the turns numbered with the topics and the language as a hint', async () => {
    expect(engine.run).toEqual({ engine: 'llm', model: 'analysis-model' });
    const result = await engine.analyse({
      language: 'en',
      detectLanguage: false,
      turns: [
        { speaker: 'customer', subject: 'My bill', text: 'I am angry about my bill' },
        { speaker: 'agent', text: 'Let me check your parcel too.' },
        { speaker: 'customer', text: 'Thanks' },
      ],
      topics,
    });
    expect(result).toEqual({
      language: 'en',
      sentiment: 'POSITIVE',
      turnSentiments: ['NEGATIVE', 'NEUTRAL', 'POSITIVE'],
      // The model's "Billing", the keyword's "Delivery", in the campaign's order; its made-up topic dropped.
      topics: ['Delivery', 'Billing'],
    });
    const sent = fake.requests.at(-1)!;
    expect(userPayload(sent)).toEqual({
      language_hint: 'en',
      turns: [
        { number: 1, speaker: 'customer', subject: 'My bill', text: 'I am angry about my bill' },
        { number: 2, speaker: 'agent', text: 'Let me check your parcel too.' },
        { number: 3, speaker: 'customer', text: 'Thanks' },
      ],
      topics,
    });
    expect(sent.body.response_format?.json_schema?.schema).toMatchObject({
      properties: { topics: { items: { enum: ['Delivery', 'Billing'] } } },
    });
  });

  it('takes the language the model tells only when asked to detect it', async () => {
    const turns = [{ speaker: 'customer' as const, text: 'Bonjour, ma facture' }];
    const kept = await engine.analyse({ language: 'en', detectLanguage: false, turns, topics: [] });
    const detected = await engine.analyse({ language: 'en', detectLanguage: true, turns, topics: [] });
    expect([kept.language, detected.language]).toEqual(['en', 'fr']);
  });

  it('refuses an answer without a sentiment for every turn', async () => {
    await expect(
      engine.analyse({
        language: 'en',
        detectLanguage: false,
        turns: [
          { speaker: 'customer', text: 'three turns only' },
          { speaker: 'agent', text: 'yes' },
        ],
        topics: [],
      }),
    ).rejects.toMatchObject({ name: 'ProviderError', retryable: true });
  });

  it('asks nothing about a conversation without turns', async () => {
    const before = fake.requests.length;
    expect(await engine.analyse({ language: 'fr', detectLanguage: true, turns: [], topics })).toEqual({
      language: 'fr',
      sentiment: 'NEUTRAL',
      turnSentiments: [],
      topics: [],
    });
    expect(fake.requests).toHaveLength(before);
  });
});
