// The analysis engine: a conversation's language, sentiment (whole and per turn) and topics. The local engine
// (lexicons and keywords) works offline; the provider asks an OpenAI-compatible chat model.
import type { TopicDefinition } from '../../../contract/campaigns';
import type { EngineRun } from '../../../contract/conversations';
import type { Language, Sentiment } from '../../../contract/enums';
import type { Config } from '../../config';
import type { TextTurn } from '../../domain/text/turns';
import type { EngineStatus } from '../engine-status';
import { createChatClient, type ChatClient, type TokenUsage } from '../openai-compatible/chat';
import { clientFor } from '../openai-compatible/redacting-client';
import { localAnalysisEngine } from './local';
import { createProviderAnalysisEngine } from './provider';

export interface AnalysisRequest {
  /** The conversation's language as it stands. */
  language: Language;
  /** Tell the language from the turns (a new transcript) rather than keep `language`. */
  detectLanguage: boolean;
  turns: TextTurn[];
  topics: TopicDefinition[];
  /** Told each provider call's tokens, for the usage written with the result (the local engine calls none). */
  recordCall?: (usage: TokenUsage) => void;
}

export interface AnalysisResult {
  language: Language;
  sentiment: Sentiment;
  /** One per turn, in order. */
  turnSentiments: Sentiment[];
  /** Names of the campaign's topics found, in the campaign's order. */
  topics: string[];
}

export interface AnalysisEngine {
  /** Recorded with every result, and shown by the UI. */
  readonly run: EngineRun;
  analyse(request: AnalysisRequest): Promise<AnalysisResult>;
}

const engines = new WeakMap<ChatClient, AnalysisEngine>();
const clients = new WeakMap<Config, ChatClient>();

/**
 * The analysis provider's chat client, one per configuration so its request limit holds across the analysis and
 * the custom analyses; null when analysis runs on the local engine.
 */
export function analysisClientFor(config: Config): ChatClient | null {
  const { provider } = config.engines.analysis;
  if (!provider) return null;
  let client = clients.get(config);
  if (!client) {
    client = createChatClient(provider);
    clients.set(config, client);
  }
  return client;
}

/**
 * The engine the configuration picks, its provider's client shared so that its request limit holds; with
 * `redact` (the campaign's `redact_for_providers`), the provider is sent redacted text.
 */
export function analysisEngineFor(config: Config, { redact }: { redact: boolean }): AnalysisEngine {
  const client = analysisClientFor(config);
  if (!client) return localAnalysisEngine;
  const sending = clientFor(client, { redact });
  let engine = engines.get(sending);
  if (!engine) {
    engine = createProviderAnalysisEngine(sending);
    engines.set(sending, engine);
  }
  return engine;
}

export function analysisEngineStatus(config: Config): EngineStatus {
  const { run } = analysisEngineFor(config, { redact: false });
  const { provider } = config.engines.analysis;
  return {
    status: 'ok',
    detail: provider
      ? `${run.engine} ${run.model} at ${new URL(provider.baseUrl).host}`
      : `${run.engine} (${run.model})`,
  };
}
