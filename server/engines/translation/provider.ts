// The provider translation engine: chat completions answered as JSON, the conversation sent in batches so that
// no answer grows past what a model writes in one go.
import { z } from 'zod';
import type { Language } from '../../../contract/enums';
import type { ProviderConfig } from '../../config';
import type { ChatClient, TokenUsage } from '../openai-compatible/chat';
import type { TranslationEngine } from './index';
import { itemsOf, turnsFromItems } from './items';

/** A batch holds at most this many items, or this many characters, whichever comes first. */
export const batchItems = 50;
export const batchCharacters = 8000;

const languageNames: Record<Language, string> = { en: 'English', fr: 'French' };

const instructions = `You translate customer-service conversations for quality reviewers.
Translate each item of "items" faithfully and completely from the source language to the target language, keeping
names, numbers and line breaks, adding nothing. Answer with JSON only, as the schema says: "items", the
translations, one per item, in the same order.`;

const answerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: { items: { type: 'array', items: { type: 'string' } } },
};

export function batchesOf(items: readonly string[]): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let characters = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= batchItems || characters + item.length > batchCharacters)) {
      batches.push(current);
      current = [];
      characters = 0;
    }
    current.push(item);
    characters += item.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function createProviderTranslationEngine(
  client: ChatClient,
  provider: ProviderConfig,
): TranslationEngine {
  async function translateBatch(
    items: string[],
    from: Language,
    to: Language,
    recordCall?: (usage: TokenUsage) => void,
  ): Promise<string[]> {
    const { value, usage } = await client.completeJson({
      messages: [
        { role: 'system', content: instructions },
        {
          role: 'user',
          content: JSON.stringify({ source: languageNames[from], target: languageNames[to], items }),
        },
      ],
      schemaName: 'translation',
      schema: answerSchema,
      parse: (answer) => z.object({ items: z.array(z.string()).length(items.length) }).parse(answer).items,
    });
    recordCall?.(usage);
    return value;
  }

  return {
    run: { engine: 'llm', model: client.model },
    gist: false,
    status: async () => ({
      status: 'ok',
      detail: `llm ${client.model} at ${new URL(provider.baseUrl).host}`,
    }),
    async translate(turns, from, to, recordCall) {
      if (from === to) return turns.map((turn) => ({ ...turn }));
      const translated: string[] = [];
      for (const batch of batchesOf(itemsOf(turns)))
        translated.push(...(await translateBatch(batch, from, to, recordCall)));
      return turnsFromItems(turns, translated);
    },
  };
}
