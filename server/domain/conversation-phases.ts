// Splitting a conversation's turns into its campaign's phases: each phase, in the campaign's order, starts at the
// first turn after the previous phase's start that holds one of its markers (whole words, case and accents
// ignored, as the rules engine matches); a phase whose markers are not found there is absent, and the search for
// the next one goes on from the same place. A phase runs until the next found phase starts. The phases are those
// a campaign's settings hold.
import {
  phaseSettingsSchema,
  type ConversationPhase,
  type PhaseDefinition,
} from '../../contract/conversation-phases';
import type { Turn } from '../../contract/conversations';
import type { ConversationType } from '../../contract/enums';
import { firstPhraseIn, matchingPhrases, matchingText } from './evaluation/matching';
import { fullTextOf } from './text/turns';

/** The phases held in a campaign's settings; none when the settings hold no valid list. */
export function phasesInSettings(settings: Record<string, unknown>): PhaseDefinition[] {
  return phaseSettingsSchema.safeParse(settings).data?.conversation_phases ?? [];
}

/** What the engine reads of a turn: its text, and its times when known. */
export type PhaseInputTurn = Pick<Turn, 'text'> &
  Partial<Pick<Turn, 'subject' | 'start_s' | 'end_s' | 'sent_at'>>;

interface PhaseStart {
  name: string;
  marker: string;
  /** 0-based. */
  index: number;
}

function phaseStarts(turns: readonly PhaseInputTurn[], phases: readonly PhaseDefinition[]): PhaseStart[] {
  const texts = turns.map((turn) => matchingText(fullTextOf(turn)));
  const starts: PhaseStart[] = [];
  let from = 0;
  for (const phase of phases) {
    const markers = matchingPhrases(phase.markers);
    for (let index = from; index < texts.length; index++) {
      const marker = firstPhraseIn(texts[index] ?? '', markers);
      if (marker) {
        starts.push({ name: phase.name, marker: marker.phrase, index });
        from = index + 1;
        break;
      }
    }
  }
  return starts;
}

const difference = (end: number | null | undefined, start: number | null | undefined): number | null =>
  end === null || end === undefined || start === null || start === undefined
    ? null
    : Math.max(0, end - start);

/**
 * The phases found in the turns. Calls are timed on the recording (`start_s`, `end_s`); chats and emails by the
 * turns' sending times, elapsed between the phase's first turn and the next phase's first turn (the last phase:
 * its own last turn).
 */
export function splitIntoPhases(
  type: ConversationType,
  turns: readonly PhaseInputTurn[],
  phases: readonly PhaseDefinition[],
): ConversationPhase[] {
  const starts = phaseStarts(turns, phases);
  return starts.map((start, position) => {
    const next = starts[position + 1];
    const lastIndex = next ? next.index - 1 : turns.length - 1;
    const first = turns[start.index];
    const following = next ? turns[next.index] : undefined;
    const last = turns[lastIndex];
    const range = {
      name: start.name,
      marker: start.marker,
      first_turn: start.index + 1,
      last_turn: lastIndex + 1,
      turns: lastIndex - start.index + 1,
    };
    if (type === 'call') {
      const startS = first?.start_s ?? null;
      const endS = (following ? following.start_s : last?.end_s) ?? null;
      return { ...range, start_s: startS, end_s: endS, duration_s: difference(endS, startS) };
    }
    const endSentAt = following ? following.sent_at : last?.sent_at;
    return { ...range, start_s: null, end_s: null, duration_s: difference(endSentAt, first?.sent_at) };
  });
}
