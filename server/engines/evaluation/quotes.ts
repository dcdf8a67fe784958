// Evidence quotes checked against the transcript: a quote counts as proof only when it occurs, word for word, in a
// turn (whitespace runs and case ignored). Models sometimes misnumber a turn, so a quote not in the turn it names
// is looked for in the others, and then points at the turn it is really in. A model sent redacted text quotes its
// placeholders (`[CARD]`): each stands for whatever the stored text holds there, redacted or not.
import type { ReadTurn } from '../../domain/evaluation/turns';
import { placeholderPattern } from '../../redaction/pii';

/** One quote the model gave as evidence, as checked. */
export interface QuotedEvidence {
  /** 1-based turn number: where the quote was found, else the one the model named. */
  turn: number;
  text: string;
  /** Seconds from the start of the recording, for calls with audio; only on verified quotes. */
  start?: number;
  end?: number;
  /** Whether the quote occurs in the transcript; an unverified quote is never proof. */
  verified: boolean;
}

const normalised = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a normalised turn holds the normalised quote, its placeholders matching anything. */
function matcherOf(wanted: string): (text: string) => boolean {
  const pieces = wanted.split(new RegExp(placeholderPattern.source, 'i'));
  if (pieces.length === 1) return (text) => text.includes(wanted);
  const pattern = new RegExp(pieces.map(escaped).join('.+?'));
  return (text) => pattern.test(text);
}

/** The turns with their text normalised once, for checking many quotes. */
export function quoteChecker(turns: readonly ReadTurn[]) {
  const normalisedTurns = turns.map((turn) => ({ turn, text: normalised(turn.text) }));
  return (quote: { turn: number; quote: string }): QuotedEvidence => {
    const wanted = normalised(quote.quote);
    const holdsQuote = matcherOf(wanted);
    const named = normalisedTurns.find(({ turn }) => turn.number === quote.turn);
    const found =
      wanted === ''
        ? undefined
        : [...(named ? [named] : []), ...normalisedTurns].find(({ text }) => holdsQuote(text));
    if (!found) return { turn: quote.turn, text: quote.quote, verified: false };
    return {
      turn: found.turn.number,
      text: quote.quote,
      ...(found.turn.start_s === null ? {} : { start: found.turn.start_s }),
      ...(found.turn.end_s === null ? {} : { end: found.turn.end_s }),
      verified: true,
    };
  };
}
