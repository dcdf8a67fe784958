// The evaluation engine's provider, when one is configured: one chat client per configuration, so its limit on
// requests in flight (`EVALUATION_CONCURRENCY`) holds across every evaluation of the process.
import type { Config } from '../../config';
import type { EngineStatus } from '../engine-status';
import { createChatClient, type ChatClient } from '../openai-compatible/chat';

const clients = new WeakMap<Config, ChatClient>();

/** The chat client evaluations use, or null when evaluation runs on the rules engine alone. */
export function evaluationClientFor(config: Config): ChatClient | null {
  const { provider, concurrency } = config.engines.evaluation;
  if (!provider) return null;
  let client = clients.get(config);
  if (!client) {
    client = createChatClient(provider, { maxConcurrent: concurrency });
    clients.set(config, client);
  }
  return client;
}

export function evaluationEngineStatus(config: Config): EngineStatus {
  const { provider } = config.engines.evaluation;
  return {
    status: 'ok',
    detail: provider
      ? `llm ${provider.model} at ${new URL(provider.baseUrl).host}`
      : 'rules (local: items without rules are not evaluated)',
  };
}
