// The provider evaluation engine against a fake OpenAI-compatible server started here, whose "model" answers
// every item it is sent (or what a test makes it answer instead): what is sent, how answers become item results,
// quotes checked against the transcript, answers that do not fit their item asked again once then failed,
// provider failures, items forced to the rules engine, and a French conversation.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { Grid } from '../../server/domain/evaluation/grid';
import type { RuleInputTurn } from '../../server/domain/evaluation/turns';
import { evaluationClientFor } from '../../server/engines/evaluation';
import { evaluateWithProvider } from '../../server/engines/evaluation/provider';
import {
  createChatClient,
  ProviderError,
  type ChatClientOptions,
} from '../../server/engines/openai-compatible/chat';
import {
  startFakeChatCompletions,
  userPayload,
  type ChatCompletionRequest,
  type FakeAnswer,
  type FakeChatCompletions,
} from '../fixtures/fake-chat-completions';

const ids = {
  greeting: '00000000-0000-4000-8000-000000000001',
  empathy: '00000000-0000-4000-8000-000000000002',
  closing: '00000000-0000-4000-8000-000000000003',
  thanks: '00000000-0000-4000-8000-000000000004',
  goodbye: '00000000-0000-4000-8000-000000000005',
  section: '00000000-0000-4000-8000-000000000006',
};

const grid: Grid = {
  sections: [
    {
      id: ids.section,
      name: 'Service',
      items: [
        {
          id: ids.greeting,
          name: 'Greeting',
          description: 'The agent greets the customer at the start.',
          type: 'binary_item',
          weight: 1,
          critical: false,
          allow_na: false,
          rules: { any_of: ['hello', 'bonjour'], speaker: 'agent', within_first_turns: 2, absent: false },
        },
        {
          id: ids.empathy,
          name: 'Empathy',
          description: 'How well the agent acknowledges the problem.',
          type: 'multiple_levels_item',
          weight: 2,
          critical: false,
          allow_na: true,
          levels: [
            { name: 'None', score: 0 },
            { name: 'Some', description: 'A word of regret.', score: 50 },
            { name: 'Full', score: 100 },
          ],
        },
        {
          id: ids.closing,
          name: 'Closing',
          description: 'The agent closes the conversation properly.',
          type: 'composed_item',
          weight: 1,
          critical: false,
          allow_na: false,
          sub_items: [
            {
              id: ids.thanks,
              name: 'Thanks',
              description: 'Thanks the customer.',
              type: 'binary_item',
              allow_na: false,
            },
            { id: ids.goodbye, name: 'Goodbye', type: 'binary_item', allow_na: false },
          ],
        },
      ],
    },
  ],
  additional_scores: [],
};

const englishTurns: RuleInputTurn[] = [
  { speaker: 'agent', text: 'Hello, thank you for calling.', start_s: 0, end_s: 2.5 },
  { speaker: 'customer', text: 'My parcel   never arrived.', start_s: 2.5, end_s: 5 },
  { speaker: 'agent', text: 'I am sorry to hear that.\nLet me check.', start_s: 5, end_s: 9 },
  { speaker: 'customer', text: 'Thanks.', start_s: 9, end_s: 10 },
  { speaker: 'agent', text: 'Thank you, goodbye!', start_s: 10, end_s: 12 },
];

interface SentPayload {
  language: string;
  items: { id: string; type: string; levels?: { index: number }[]; sub_items?: { id: string }[] }[];
  turns: { number: number; speaker: string; text: string }[];
}

type Answers = Record<string, unknown>;

/** What the fake model answers for each item when a test says nothing else. */
const englishAnswers: Answers = {
  [ids.greeting]: {
    answer: 'yes',
    justification: 'The agent says hello.',
    evidence: [{ turn: 1, quote: 'Hello, thank you for calling.' }],
  },
  [ids.empathy]: {
    answer: 1,
    justification: 'The agent says sorry.',
    // Case and spacing differ from the transcript, and across the turn's line break.
    evidence: [{ turn: 3, quote: 'i am SORRY to hear that. let me' }],
  },
  [ids.closing]: {
    answer: { [ids.thanks]: 'yes', [ids.goodbye]: 'yes' },
    justification: 'Thanks and goodbye.',
    // The model names the customer's turn 4; the quote is in turn 5.
    evidence: [{ turn: 4, quote: 'Thank you, goodbye!' }],
  },
};

/** The fake model's answer to the items it was sent, taken from `answers`. */
function answerFor(request: ChatCompletionRequest, answers: Answers): FakeAnswer {
  const payload = userPayload(request) as SentPayload;
  const items = Object.fromEntries(payload.items.map((item) => [item.id, answers[item.id]]));
  return { content: JSON.stringify({ items }), usage: { prompt_tokens: 300, completion_tokens: 60 } };
}

let fake: FakeChatCompletions | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A fake server answering in turn with `answers` (the last one repeated), and a client of it. */
async function serve(
  answers: ((request: ChatCompletionRequest) => FakeAnswer | Promise<FakeAnswer>)[],
  options: ChatClientOptions = {},
) {
  const queue = [...answers];
  fake = await startFakeChatCompletions((request) =>
    (queue.length > 1 ? queue.shift()! : queue[0]!)(request),
  );
  const client = createChatClient(
    { baseUrl: fake.baseUrl, apiKey: 'sk-eval', model: 'judge-model', timeoutSeconds: 120 },
    { backoffMs: 10, timeoutMs: 5000, ...options },
  );
  return { server: fake, client };
}

const valid = (request: ChatCompletionRequest) => answerFor(request, englishAnswers);

describe('provider evaluation engine', () => {
  it('sends the items as criteria with the numbered turns, and takes valid answers with checked quotes', async () => {
    const { server, client } = await serve([valid]);
    const result = await evaluateWithProvider(grid, englishTurns, 'en', { client });

    expect(result.usage).toEqual([{ promptTokens: 300, completionTokens: 60 }]);
    expect(result.items).toEqual([
      {
        item_id: ids.greeting,
        status: 'evaluated',
        engine: 'llm',
        type: 'binary_item',
        value: 'yes',
        justification: 'The agent says hello.',
        evidence: [{ turn: 1, text: 'Hello, thank you for calling.', start: 0, end: 2.5, verified: true }],
        needs_review: false,
      },
      {
        item_id: ids.empathy,
        status: 'evaluated',
        engine: 'llm',
        type: 'multiple_levels_item',
        value: 1,
        justification: 'The agent says sorry.',
        evidence: [{ turn: 3, text: 'i am SORRY to hear that. let me', start: 5, end: 9, verified: true }],
        needs_review: false,
      },
      {
        item_id: ids.closing,
        status: 'evaluated',
        engine: 'llm',
        type: 'composed_item',
        value: { [ids.thanks]: 'yes', [ids.goodbye]: 'yes' },
        justification: 'Thanks and goodbye.',
        evidence: [{ turn: 5, text: 'Thank you, goodbye!', start: 10, end: 12, verified: true }],
        needs_review: false,
      },
    ]);

    const [sent] = server.requests;
    expect(sent?.body.model).toBe('judge-model');
    expect(sent?.headers.authorization).toBe('Bearer sk-eval');
    expect(userPayload(sent!)).toEqual({
      language: 'en',
      items: [
        {
          id: ids.greeting,
          name: 'Greeting',
          description: 'The agent greets the customer at the start.',
          type: 'binary_item',
          na_allowed: false,
        },
        {
          id: ids.empathy,
          name: 'Empathy',
          description: 'How well the agent acknowledges the problem.',
          type: 'multiple_levels_item',
          na_allowed: true,
          levels: [
            { index: 0, name: 'None', description: '' },
            { index: 1, name: 'Some', description: 'A word of regret.' },
            { index: 2, name: 'Full', description: '' },
          ],
        },
        {
          id: ids.closing,
          name: 'Closing',
          description: 'The agent closes the conversation properly.',
          type: 'composed_item',
          na_allowed: false,
          sub_items: [
            { id: ids.thanks, name: 'Thanks', description: 'Thanks the customer.', na_allowed: false },
            { id: ids.goodbye, name: 'Goodbye', description: '', na_allowed: false },
          ],
        },
      ],
      turns: englishTurns.map((turn, index) => ({
        number: index + 1,
        speaker: turn.speaker,
        text: turn.text,
      })),
    });
    expect(sent?.body.response_format?.json_schema?.schema).toMatchObject({
      properties: {
        items: {
          required: [ids.greeting, ids.empathy, ids.closing],
          properties: {
            [ids.greeting]: { properties: { answer: { enum: ['yes', 'no'] } } },
            [ids.empathy]: {
              properties: { answer: { anyOf: [{ type: 'integer', enum: [0, 1, 2] }, { enum: ['na'] }] } },
            },
            [ids.closing]: { properties: { answer: { required: [ids.thanks, ids.goodbye] } } },
          },
        },
      },
    });
    expect(sent?.body.messages[0]?.content).toContain('in English');
  });

  it('asks again, once and for those items only, when an answer does not fit its item', async () => {
    const outOfRange = (request: ChatCompletionRequest) =>
      answerFor(request, {
        ...englishAnswers,
        [ids.empathy]: { answer: 3, justification: 'Very kind.', evidence: [] },
      });
    const { server, client } = await serve([outOfRange, valid]);
    const result = await evaluateWithProvider(grid, englishTurns, 'en', { client });

    expect(result.items.map((item) => [item.status, 'value' in item ? item.value : null])).toEqual([
      ['evaluated', 'yes'],
      ['evaluated', 1],
      ['evaluated', { [ids.thanks]: 'yes', [ids.goodbye]: 'yes' }],
    ]);
    expect(server.requests).toHaveLength(2);
    const retry = server.requests[1]!;
    expect((userPayload(retry) as SentPayload).items.map((item) => item.id)).toEqual([ids.empathy]);
    expect(retry.body.messages.at(-1)?.content).toContain(`${ids.empathy}: 3 is not an answer`);
    expect(result.usage).toHaveLength(2);
  });

  it('fails the items still unfit after the second answer, with the reason, and counts both calls', async () => {
    const notJson = (): FakeAnswer => ({
      content: 'I think the agent did well.',
      usage: { prompt_tokens: 280, completion_tokens: 7 },
    });
    const naNotAllowed = (request: ChatCompletionRequest) =>
      answerFor(request, {
        ...englishAnswers,
        [ids.greeting]: { answer: 'na', justification: 'Unclear.', evidence: [] },
        [ids.closing]: { answer: { [ids.thanks]: 'yes' }, justification: 'Thanks only.', evidence: [] },
      });
    const { server, client } = await serve([notJson, naNotAllowed, valid]);
    const result = await evaluateWithProvider(grid, englishTurns, 'en', { client });

    expect(server.requests).toHaveLength(2);
    expect(result.usage).toEqual([
      { promptTokens: 280, completionTokens: 7 },
      { promptTokens: 300, completionTokens: 60 },
    ]);
    expect(result.items).toEqual([
      {
        item_id: ids.greeting,
        status: 'failed',
        engine: 'llm',
        reason: 'invalid_answer',
        detail: '"na" is not an answer this binary_item accepts',
      },
      expect.objectContaining({ item_id: ids.empathy, status: 'evaluated', value: 1 }),
      expect.objectContaining({
        item_id: ids.closing,
        status: 'failed',
        detail: expect.stringContaining('is not an answer this composed_item accepts'),
      }),
    ]);
  });

  it('waits as a 429 Retry-After says, then evaluates', async () => {
    const busy = (): FakeAnswer => ({ status: 429, headers: { 'retry-after': '1' }, body: 'slow down' });
    const { server, client } = await serve([busy, valid]);
    const started = performance.now();
    const result = await evaluateWithProvider(grid, englishTurns, 'en', { client });
    const waited = performance.now() - started;

    expect(server.requests).toHaveLength(2);
    // The client's own backoff is 10 ms here: only the Retry-After makes it wait a second.
    expect(waited).toBeGreaterThanOrEqual(950);
    expect(result.items.every((item) => item.status === 'evaluated')).toBe(true);
  });

  it('retries a request that times out, and leaves a provider that never answers to the job queue', async () => {
    const hang = () => new Promise<FakeAnswer>(() => {});
    const slowThenValid = await serve([hang, valid], { timeoutMs: 200, maxAttempts: 2 });
    const result = await evaluateWithProvider(grid, englishTurns, 'en', { client: slowThenValid.client });
    expect(slowThenValid.server.requests).toHaveLength(2);
    expect(result.items.every((item) => item.status === 'evaluated')).toBe(true);
    await fake?.close();

    const silent = await serve([hang], { timeoutMs: 200, maxAttempts: 2 });
    const failure = await evaluateWithProvider(grid, englishTurns, 'en', { client: silent.client }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      retryable: true,
      message: expect.stringContaining('could not be reached'),
    });
    expect(silent.server.requests).toHaveLength(2);
  });

  it('marks a quote not in the transcript unverified and flags its item for review', async () => {
    const paraphrase = (request: ChatCompletionRequest) =>
      answerFor(request, {
        ...englishAnswers,
        [ids.empathy]: {
          answer: 2,
          justification: 'Deeply sorry.',
          evidence: [
            { turn: 3, quote: 'I am sorry to hear that.' },
            { turn: 3, quote: 'I am so deeply sorry about your parcel.' },
            { turn: 2, quote: '   ' },
          ],
        },
      });
    const { client } = await serve([paraphrase]);
    const result = await evaluateWithProvider(grid, englishTurns, 'en', { client });

    expect(result.items[1]).toMatchObject({ item_id: ids.empathy, value: 2, needs_review: true });
    // Unverified quotes keep the model's turn and carry no times: they show nothing.
    expect(result.items[1]).toHaveProperty('evidence', [
      { turn: 3, text: 'I am sorry to hear that.', start: 5, end: 9, verified: true },
      { turn: 3, text: 'I am so deeply sorry about your parcel.', verified: false },
      { turn: 2, text: '   ', verified: false },
    ]);
    expect(result.items.filter((item) => 'needs_review' in item && item.needs_review)).toHaveLength(1);
  });

  it('answers the items forced to the rules engine by their rules, and asks the model only the others', async () => {
    const { server, client } = await serve([valid]);
    // Closing has no rules: forcing it cannot apply, so the model answers it.
    const result = await evaluateWithProvider(grid, englishTurns, 'en', {
      client,
      rulesItemIds: new Set([ids.greeting, ids.closing]),
    });

    expect(result.items[0]).toEqual({
      item_id: ids.greeting,
      status: 'evaluated',
      engine: 'rules',
      type: 'binary_item',
      value: 'yes',
      reason: 'found',
      justification: null,
      evidence: [
        {
          turn: 1,
          text: 'Hello, thank you for calling.',
          phrase: 'hello',
          start: 0,
          end: 2.5,
          verified: true,
        },
      ],
      needs_review: false,
    });
    expect(result.items.slice(1).map((item) => item.engine)).toEqual(['llm', 'llm']);
    expect((userPayload(server.requests[0]!) as SentPayload).items.map((item) => item.id)).toEqual([
      ids.empathy,
      ids.closing,
    ]);

    const rulesOnly = { ...grid, sections: [{ ...grid.sections[0]!, items: [grid.sections[0]!.items[0]!] }] };
    const noCall = await evaluateWithProvider(rulesOnly, englishTurns, 'en', {
      client,
      rulesItemIds: new Set([ids.greeting]),
    });
    expect(noCall.usage).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('evaluates a French conversation: justifications asked in French, quotes checked with their accents', async () => {
    const frenchTurns: RuleInputTurn[] = [
      { speaker: 'agent', text: 'Bonjour, merci de votre appel.' },
      { speaker: 'customer', text: "Mon colis n'est jamais arrivé." },
      { speaker: 'agent', text: 'Je suis vraiment désolé.' },
      { speaker: 'agent', text: 'Merci, au revoir !' },
    ];
    const french = (request: ChatCompletionRequest) =>
      answerFor(request, {
        [ids.empathy]: {
          answer: 1,
          justification: "L'agent s'excuse.",
          evidence: [
            { turn: 3, quote: 'JE SUIS vraiment désolé' },
            { turn: 3, quote: 'je suis vraiment desole' },
          ],
        },
        [ids.closing]: {
          answer: { [ids.thanks]: 'yes', [ids.goodbye]: 'yes' },
          justification: "L'agent remercie et salue.",
          evidence: [{ turn: 4, quote: 'merci,  au revoir' }],
        },
      });
    const { server, client } = await serve([french]);
    const result = await evaluateWithProvider(grid, frenchTurns, 'fr', {
      client,
      rulesItemIds: new Set([ids.greeting]),
    });

    expect(server.requests[0]?.body.messages[0]?.content).toContain('in French');
    expect((userPayload(server.requests[0]!) as SentPayload).language).toBe('fr');
    expect(result.items).toEqual([
      expect.objectContaining({
        engine: 'rules',
        value: 'yes',
        evidence: [expect.objectContaining({ phrase: 'bonjour' })],
      }),
      expect.objectContaining({
        justification: "L'agent s'excuse.",
        // Accents are part of the words: a quote without them is not verbatim.
        evidence: [
          { turn: 3, text: 'JE SUIS vraiment désolé', verified: true },
          { turn: 3, text: 'je suis vraiment desole', verified: false },
        ],
        needs_review: true,
      }),
      expect.objectContaining({
        evidence: [{ turn: 4, text: 'merci,  au revoir', verified: true }],
        needs_review: false,
      }),
    ]);
  });

  it('shares one client per configuration, limited to EVALUATION_CONCURRENCY, and none without a provider', () => {
    expect(evaluationClientFor(loadConfig({}))).toBeNull();
    const config = loadConfig({ EVALUATION_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'judge' });
    const client = evaluationClientFor(config);
    expect(client?.model).toBe('judge');
    expect(evaluationClientFor(config)).toBe(client);
  });
});
