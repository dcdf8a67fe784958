// The OpenAI-compatible chat client against a fake server started here: the request it sends, JSON answers,
// retries with backoff on what retrying mends, time-outs, and its limit on requests in flight.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createChatClient, ProviderError } from '../../server/engines/openai-compatible/chat';
import {
  startFakeChatCompletions,
  type FakeChatCompletions,
  type Responder,
} from '../fixtures/fake-chat-completions';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['answer'],
  properties: { answer: { type: 'string' } },
};
const request = {
  messages: [
    { role: 'system' as const, content: 'Answer in JSON.' },
    { role: 'user' as const, content: 'Say hello.' },
  ],
  schemaName: 'greeting',
  schema,
  parse: (value: unknown) => z.object({ answer: z.string() }).parse(value).answer,
};

let fake: FakeChatCompletions | undefined;
async function serve(responder: Responder) {
  fake = await startFakeChatCompletions(responder);
  return fake;
}
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const fast = { backoffMs: 10, timeoutMs: 2000 };

describe('chat client', () => {
  it('asks for JSON matching the schema, with the model and key, and parses the answer', async () => {
    const server = await serve(() => ({
      content: '{"answer":"hello"}',
      usage: { prompt_tokens: 12, completion_tokens: 3 },
    }));
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: 'sk-test', model: 'small-model', timeoutSeconds: 120 },
      fast,
    );
    expect(await client.completeJson(request)).toEqual({
      value: 'hello',
      usage: { promptTokens: 12, completionTokens: 3 },
    });
    const [sent] = server.requests;
    expect(sent?.headers.authorization).toBe('Bearer sk-test');
    expect(sent?.body).toMatchObject({
      model: 'small-model',
      temperature: 0,
      messages: request.messages,
      response_format: { type: 'json_schema', json_schema: { name: 'greeting', strict: true, schema } },
    });
  });

  it('sends no authorization without a key, and reads JSON wrapped in a code fence', async () => {
    const server = await serve(() => ({ content: '```json\n{"answer":"fenced"}\n```' }));
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutSeconds: 120 },
      fast,
    );
    expect((await client.completeJson(request)).value).toBe('fenced');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('retries a busy or failing server, waiting as Retry-After says', async () => {
    const answers = [
      { status: 503, body: 'overloaded' },
      { status: 429, headers: { 'retry-after': '0' }, body: 'slow down' },
      { content: '{"answer":"at last"}' },
    ];
    const server = await serve(() => answers.shift()!);
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutSeconds: 120 },
      fast,
    );
    expect((await client.completeJson(request)).value).toBe('at last');
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after its attempts, saying the failure may mend later', async () => {
    const server = await serve(() => ({ status: 502, body: 'bad gateway' }));
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutSeconds: 120 },
      fast,
    );
    const failure = await client.completeJson(request).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ retryable: true, message: expect.stringContaining('502') });
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a request the server refuses as wrong', async () => {
    const server = await serve(() => ({ status: 400, body: '{"error":"response_format not supported"}' }));
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutSeconds: 120 },
      fast,
    );
    await expect(client.completeJson(request)).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('response_format not supported'),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('times out a server that does not answer, and retries it', async () => {
    const server = await serve(() => new Promise(() => {}));
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutSeconds: 120 },
      { timeoutMs: 100, backoffMs: 10, maxAttempts: 2 },
    );
    await expect(client.completeJson(request)).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('could not be reached'),
    });
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an answer that is not the JSON asked for', async () => {
    const server = await serve(() => ({ content: 'Hello! How can I help?' }));
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutSeconds: 120 },
      fast,
    );
    await expect(client.completeJson(request)).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('not as asked'),
    });
  });

  it('keeps at most its limit of requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const server = await serve(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight -= 1;
      return { content: '{"answer":"ok"}' };
    });
    const client = createChatClient(
      { baseUrl: server.baseUrl, apiKey: undefined, model: 'm', timeoutSeconds: 120 },
      { ...fast, maxConcurrent: 2 },
    );
    await Promise.all(Array.from({ length: 6 }, () => client.completeJson(request)));
    expect(server.requests).toHaveLength(6);
    expect(most).toBe(2);
  });
});
