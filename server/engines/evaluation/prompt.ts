// What the evaluation model is told: the instructions, then the grid's items as the criteria and the transcript
// as numbered turns with their speakers, in one JSON message.
import type { Language } from '../../../contract/enums';
import type { GridItem } from '../../domain/evaluation/grid';
import type { ReadTurn } from '../../domain/evaluation/turns';
import type { ChatMessage } from '../openai-compatible/chat';

const languageNames: Record<Language, string> = { en: 'English', fr: 'French' };

function instructions(language: Language): string {
  return `You evaluate a customer-service conversation (a call, chat or email exchange) against a quality grid.
Each criterion is an item of the grid: judge the conversation against its name and description only.
Answer with JSON only, as the schema says, one entry per item id:
- answer: for a binary_item "yes" when the conversation meets the item, "no" when it does not, "na" (only where
  na_allowed) when the item does not apply; for a multiple_levels_item the index (from 0) of the level that
  describes the conversation best, or "na" where na_allowed; for a composed_item "yes" or "no" for every sub-item,
  by sub-item id.
- justification: one or two sentences in ${languageNames[language]} saying why.
- evidence: the passages that support the answer, each with the number of the turn it comes from and a quote
  copied word for word from that turn (no paraphrase, no ellipsis). An empty list when nothing in the
  conversation shows it, e.g. when something was never said.`;
}

function criterion(item: GridItem) {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    type: item.type,
    na_allowed: item.allow_na,
    ...(item.type === 'multiple_levels_item'
      ? {
          levels: (item.levels ?? []).map((level, index) => ({
            index,
            name: level.name,
            description: level.description ?? '',
          })),
        }
      : {}),
    ...(item.type === 'composed_item'
      ? {
          sub_items: (item.sub_items ?? []).map((sub) => ({
            id: sub.id,
            name: sub.name,
            description: sub.description ?? '',
            na_allowed: sub.allow_na,
          })),
        }
      : {}),
  };
}

/**
 * The messages for one request; `problems` (item id to what was wrong) asks again for items whose earlier
 * answer did not fit them.
 */
export function evaluationMessages(
  items: readonly GridItem[],
  turns: readonly ReadTurn[],
  language: Language,
  problems: ReadonlyMap<string, string> = new Map(),
): ChatMessage[] {
  const conversation = JSON.stringify({
    language,
    items: items.map(criterion),
    turns: turns.map((turn) => ({ number: turn.number, speaker: turn.speaker, text: turn.text })),
  });
  const messages: ChatMessage[] = [
    { role: 'system', content: instructions(language) },
    { role: 'user', content: conversation },
  ];
  if (problems.size > 0) {
    const list = [...problems].map(([id, problem]) => `- ${id}: ${problem}`).join('\n');
    messages.push({
      role: 'user',
      content: `An earlier answer for these items did not follow the schema; answer them again:\n${list}`,
    });
  }
  return messages;
}
