// A conversation's turns read once for the rules engine: numbered 1..n across both speakers, each turn's text
// (an email's subject, a newline, then its body) normalised for matching a single time, whatever the number of
// rules that read it.
import type { Turn } from '../../../contract/conversations';
import { fullTextOf } from '../text/turns';
import { matchingText } from './matching';

/** What the engine needs of a turn; turns from a pasted transcript have no subject or times. */
export type RuleInputTurn = Pick<Turn, 'speaker' | 'text'> &
  Partial<Pick<Turn, 'subject' | 'start_s' | 'end_s'>>;

export interface ReadTurn {
  /** 1-based, across both speakers. */
  number: number;
  speaker: Turn['speaker'];
  /** The turn's full text, as evidence shows it. */
  text: string;
  /** The text as the matcher reads it. */
  matching: string;
  start_s: number | null;
  end_s: number | null;
}

export function readTurns(turns: readonly RuleInputTurn[]): ReadTurn[] {
  return turns.map((turn, index) => {
    const text = fullTextOf(turn);
    return {
      number: index + 1,
      speaker: turn.speaker,
      text,
      matching: matchingText(text),
      start_s: turn.start_s ?? null,
      end_s: turn.end_s ?? null,
    };
  });
}
