// A conversation's turns in another language: the original turns when it is already in that language, the cached
// translation while the source text and the engine are unchanged, otherwise a new translation, then cached with
// its usage (the characters translated and the provider calls).
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Translation } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import type { TokenUsage } from '../../engines/openai-compatible/chat';
import { itemsOf } from '../../engines/translation/items';
import { translationUsage } from '../../usage/conversation-usage';
import { recordConversationUsage } from '../../usage/store';
import {
  TranslationUnavailable,
  type TranslatableTurn,
  type TranslationEngine,
} from '../../engines/translation';
import { findCachedTranslation, saveTranslation } from './store';

/** No engine works, or it failed: the page says translation is unavailable, and can be asked again. */
export class TranslationFailed extends HttpError {
  constructor(detail: string) {
    super(503, detail);
  }
}

interface Source {
  id: string;
  language: Language;
  turns: TranslatableTurn[];
  /** The campaign redacts what it sends providers: a translation made before it did is not reused. */
  redactForProviders: boolean;
}

const sourceHashOf = ({ language, turns, redactForProviders }: Source): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        language,
        turns.map(({ text, subject }) => [text, subject]),
        // Left out when off, so the translations cached before redaction existed stay valid.
        ...(redactForProviders ? ['redacted'] : []),
      ]),
    )
    .digest('hex');

export async function translateConversation(
  { db, engine, log }: { db: Database; engine: TranslationEngine; log: FastifyBaseLogger },
  source: Source,
  targetLanguage: Language,
): Promise<Translation> {
  if (source.language === targetLanguage) {
    return {
      target_language: targetLanguage,
      turns: source.turns.map(({ text, subject }) => ({ text, subject })),
      engine: { engine: 'original', model: null },
      gist: false,
    };
  }
  const sourceHash = sourceHashOf(source);
  const cached = await findCachedTranslation(db, source.id, targetLanguage);
  if (
    cached &&
    cached.sourceHash === sourceHash &&
    cached.engine.engine === engine.run.engine &&
    cached.engine.model === engine.run.model
  ) {
    return { target_language: targetLanguage, turns: cached.turns, engine: cached.engine, gist: cached.gist };
  }

  const calls: TokenUsage[] = [];
  const turns = await engine
    .translate(source.turns, source.language, targetLanguage, (usage) => calls.push(usage))
    .catch((error: unknown) => {
      if (error instanceof TranslationUnavailable) throw new TranslationFailed(error.message);
      log.error({ err: error, conversationId: source.id }, 'translation failed');
      throw new TranslationFailed('The translation engine failed; try again later');
    });
  const translation: Translation = {
    target_language: targetLanguage,
    turns,
    engine: engine.run,
    gist: engine.gist,
  };
  const characters = itemsOf(source.turns).reduce((sum, item) => sum + item.length, 0);
  await db.transaction(async (tx) => {
    await saveTranslation(tx, source.id, sourceHash, translation);
    await recordConversationUsage(tx, [source.id], () => translationUsage(engine.run, characters, calls));
  });
  return translation;
}
