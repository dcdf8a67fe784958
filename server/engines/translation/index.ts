// The translation engine (EN ↔ FR) for the conversation page's toggle. The local engine (apertium through Spanish)
// works offline and gives a gist; the provider asks an OpenAI-compatible chat model.
import type { EngineRun } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import type { Config } from '../../config';
import type { EngineStatus } from '../engine-status';
import { createChatClient, type TokenUsage } from '../openai-compatible/chat';
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

const engines = new WeakMap<Config, TranslationEngine>();

/** The engine the configuration picks, one per configuration so its checks and request limit are shared. */
export function translationEngineFor(config: Config): TranslationEngine {
  let engine = engines.get(config);
  if (!engine) {
    const { provider, concurrency } = config.engines.translation;
    engine = provider
      ? createProviderTranslationEngine(createChatClient(provider, { maxConcurrent: concurrency }), provider)
      : createApertiumEngine({ maxConcurrent: concurrency });
    engines.set(config, engine);
  }
  return engine;
}

export function translationEngineStatus(config: Config): Promise<EngineStatus> {
  return translationEngineFor(config).status();
}
