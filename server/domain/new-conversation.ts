// What a conversation posted as text becomes before it is stored: its turns, the text the list searches, its
// language (given, detected, or the campaign's), when it started and how long it lasted.
import { maxTurns, type Turn } from '../../contract/conversations';
import type { NewConversation } from '../../contract/conversation-ingestion';
import type { Language } from '../../contract/enums';
import { Invalid } from '../errors';
import { parseInputText } from './input-text';
import { detectLanguage } from './language-detection';

export interface ConversationContent {
  turns: Turn[];
  searchText: string;
  language: Language;
  startedAt: Date;
  durationSeconds: number;
}

/** What the content is built from: a posted conversation without its agent, whom the content does not name. */
export type ConversationText = NewConversation extends infer Each
  ? Each extends NewConversation
    ? Omit<Each, 'agent_id'>
    : never
  : never;

/** A computed duration longer than a year comes from wrong dates; the column holds 32-bit seconds. */
const longestComputedDurationSeconds = 366 * 24 * 3600;

/** Enough text to tell the language; detecting over a whole long conversation costs time and adds nothing. */
const detectionSampleChars = 2000;

const turn = (fields: Pick<Turn, 'speaker' | 'text'> & Partial<Turn>): Turn => ({
  subject: null,
  start_s: null,
  end_s: null,
  sent_at: null,
  sentiment: null,
  ...fields,
});

function turnsOf(input: ConversationText): Turn[] {
  switch (input.type) {
    case 'chat':
      return input.messages.map(({ speaker, text, sent_at }) =>
        turn({ speaker, text, sent_at: sent_at ?? null }),
      );
    case 'email':
      return input.emails.map(({ speaker, subject, body, sent_at }) =>
        turn({ speaker, text: body, subject: subject || null, sent_at: sent_at ?? null }),
      );
    case 'call': {
      const turns = parseInputText(input.input_text).map(turn);
      if (turns.length === 0) throw new Invalid('input_text holds no turn');
      if (turns.length > maxTurns) throw new Invalid(`input_text holds more than ${maxTurns} turns`);
      return turns;
    }
  }
}

export const searchTextOf = (turns: readonly Turn[]): string =>
  turns.map((each) => (each.subject ? `${each.subject}\n${each.text}` : each.text)).join('\n');

/**
 * Builds the content of `input`. When the sender does not say, the conversation starts at its first dated
 * turn (else `now`) and lasts from its first to its last dated turn; a call given as text has no clock, so
 * its duration is 0 (unknown). A text too short to tell its language takes the campaign's.
 */
export function conversationContent(
  input: ConversationText,
  campaignLanguage: Language,
  now: Date,
): ConversationContent {
  const turns = turnsOf(input);
  const searchText = searchTextOf(turns);
  const sentTimes = turns.flatMap((each) => (each.sent_at === null ? [] : [each.sent_at]));
  const first = sentTimes.length > 0 ? Math.min(...sentTimes) : null;
  const last = sentTimes.length > 0 ? Math.max(...sentTimes) : null;
  return {
    turns,
    searchText,
    language: input.language ?? detectLanguage(searchText.slice(0, detectionSampleChars)) ?? campaignLanguage,
    startedAt: new Date(1000 * (input.started_at ?? first ?? Math.floor(now.getTime() / 1000))),
    durationSeconds:
      input.duration_s ??
      (first !== null && last !== null ? Math.min(last - first, longestComputedDurationSeconds) : 0),
  };
}
