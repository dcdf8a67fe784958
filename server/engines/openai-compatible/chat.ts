// A client of OpenAI-compatible chat completions (OpenAI, Azure, Mistral, vLLM, Ollama, LocalAI…) that asks for
// JSON matching a schema: timeouts, retries with backoff on the failures that retrying mends, and a limit on the
// requests in flight.
import type { ProviderConfig } from '../../config';
import { createConcurrencyLimit } from '../concurrency';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface JsonCompletionRequest<Value> {
  messages: ChatMessage[];
  /** A name for the schema, as `response_format.json_schema.name`. */
  schemaName: string;
  /** A JSON Schema in the strict subset: every property required, no additional properties. */
  schema: Record<string, unknown>;
  /** Checks the parsed answer and shapes it; throws on anything else. */
  parse(value: unknown): Value;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatClient {
  readonly model: string;
  completeJson<Value>(request: JsonCompletionRequest<Value>): Promise<{ value: Value; usage: TokenUsage }>;
}

/** A provider failure; `retryable` says whether the same request may succeed later. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The provider answered, but not with the JSON asked for; the tokens it spent are still owed. */
export class InvalidAnswerError extends ProviderError {
  constructor(
    message: string,
    readonly usage: TokenUsage,
  ) {
    // A model may answer well next time: the job is retried.
    super(message, true);
  }
}

export interface ChatClientOptions {
  timeoutMs?: number;
  /** Tries per request, the first included. */
  maxAttempts?: number;
  /** Requests in flight at once, across every caller of this client. */
  maxConcurrent?: number;
  /** The first retry's delay; each next one doubles it. */
  backoffMs?: number;
}

/** A `Retry-After` longer than this is not waited for here: the job queue's own backoff takes over. */
const longestRetryAfterMs = 30_000;

const retryableStatuses = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export function createChatClient(
  provider: ProviderConfig,
  {
    timeoutMs = provider.timeoutSeconds * 1000,
    maxAttempts = 3,
    maxConcurrent = 4,
    backoffMs = 500,
  }: ChatClientOptions = {},
): ChatClient {
  const limit = createConcurrencyLimit(maxConcurrent);
  const url = `${provider.baseUrl}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (provider.apiKey) headers.authorization = `Bearer ${provider.apiKey}`;

  async function post(body: string): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      let delayMs = backoffMs * 2 ** (attempt - 1);
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) return await response.json();
        const detail = (await response.text()).slice(0, 300);
        const error = new ProviderError(
          `The provider answered ${response.status}: ${detail}`,
          retryableStatuses.has(response.status),
        );
        if (!error.retryable || attempt >= maxAttempts) throw error;
        const retryAfterMs = Number(response.headers.get('retry-after')) * 1000;
        if (retryAfterMs > longestRetryAfterMs) throw error;
        if (retryAfterMs > 0) delayMs = retryAfterMs;
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        // Network failures and time-outs.
        if (attempt >= maxAttempts) {
          throw new ProviderError(`The provider could not be reached: ${(error as Error).message}`, true);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }

  return {
    model: provider.model,
    async completeJson({ messages, schemaName, schema, parse }) {
      const body = JSON.stringify({
        model: provider.model,
        messages,
        temperature: 0,
        response_format: { type: 'json_schema', json_schema: { name: schemaName, strict: true, schema } },
      });
      const answer = await limit(() => post(body));
      const { content, usage } = readAnswer(answer);
      try {
        return { value: parse(JSON.parse(withoutCodeFence(content))), usage };
      } catch (error) {
        throw new InvalidAnswerError(
          `The provider's answer is not as asked: ${(error as Error).message}`,
          usage,
        );
      }
    },
  };
}

function readAnswer(answer: unknown): { content: string; usage: TokenUsage } {
  const { choices, usage } = (answer ?? {}) as {
    choices?: { message?: { content?: unknown } }[];
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  const content = choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new ProviderError('The provider answered without a message', true);
  return {
    content,
    usage: { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 },
  };
}

/** Some servers wrap JSON in a Markdown code fence even when asked for JSON. */
function withoutCodeFence(content: string): string {
  return content
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/```$/, '')
    .trim();
}
