// The translation engine (EN ↔ FR) for the conversation page's toggle. The local engine (apertium through Spanish)
// works offline and gives a gist; the provider asks an OpenAI-compatible chat model.
import type { EngineRun } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import type { Config } from '../../config';
import type { EngineStatus } from '../engine-status';
import { createChatClient, type ChatClient, type TokenUsage } from '../openai-compatible/chat';
import { clientFor } from '../openai-compatible/redacting-client';
import { createApertiumEngine } from './local';
import { createProviderTranslationEngine } from './provider';

/** What is translated of a turn: its text, and an email's subject. */
export interface TranslatableTurn {
  text: string;
  subject: string | null;
}

export interface TranslationEngine {
  /** Recorded with every translation, and shown by the UI. */
  readonly run: EngineRun;
  /** A rough machine translation, which the UI marks as a gist. */
  readonly gist: boolean;
  /** The turns in `to`, in the same order; each provider call's tokens go to `recordCall` (local: none). */
  translate(
    turns: TranslatableTurn[],
    from: Language,
    to: Language,
    recordCall?: (usage: TokenUsage) => void,
  ): Promise<TranslatableTurn[]>;
  status(): Promise<EngineStatus>;
}

/** The engine cannot work here (not installed, not configured): the message says what would enable it. */
export class TranslationUnavailable extends Error {
  override name = 'TranslationUnavailable';
}

const localEngines = new WeakMap<Config, TranslationEngine>();
const clients = new WeakMap<Config, ChatClient>();
const providerEngines = new WeakMap<ChatClient, TranslationEngine>();

/**
 * The engine the configuration picks, one per configuration so its checks and request limit are shared; with
 * `redact` (the campaign's `redact_for_providers`), a provider is sent redacted text.
 */
export function translationEngineFor(config: Config, { redact }: { redact: boolean }): TranslationEngine {
  const { provider, concurrency } = config.engines.translation;
  if (!provider) {
    let engine = localEngines.get(config);
    if (!engine) {
      engine = createApertiumEngine({ maxConcurrent: concurrency });
      localEngines.set(config, engine);
    }
    return engine;
  }
  let client = clients.get(config);
  if (!client) {
    client = createChatClient(provider, { maxConcurrent: concurrency });
    clients.set(config, client);
  }
  const sending = clientFor(client, { redact });
  let engine = providerEngines.get(sending);
  if (!engine) {
    engine = createProviderTranslationEngine(sending, provider);
    providerEngines.set(sending, engine);
  }
  return engine;
}

export function translationEngineStatus(config: Config): Promise<EngineStatus> {
  return translationEngineFor(config, { redact: false }).status();
}
