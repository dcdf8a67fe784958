// The valence of a text: the sum of its rated words and phrases (longest match first), each negated one turned
// and damped.
import type { Language } from '../../../contract/enums';
import { clausesOf, type Clause } from '../text/words';
import type { Lexicon } from './lexicon';
import { lexiconOf } from './lexicons';
import { isNegated } from './negation';

/**
 * A negated entry counts this many times its rating: turned, and weaker than the opposite word would be
 * ("not good" is milder than "bad"). VADER uses -0.74 for the same reason.
 */
export const negationFactor = -0.75;

export function scoreText(text: string, language: Language): number {
  const lexicon = lexiconOf(language);
  return clausesOf(text).reduce((total, clause) => total + scoreClause(clause, lexicon, language), 0);
}

function scoreClause(clause: Clause, lexicon: Lexicon, language: Language): number {
  const matches: { start: number; end: number; valence: number }[] = [];
  const taken = new Array<boolean>(clause.length).fill(false);
  for (let start = 0; start < clause.length;) {
    const match = longestEntryAt(clause, start, lexicon);
    if (!match) {
      start += 1;
      continue;
    }
    matches.push({ start, end: start + match.length, valence: match.valence });
    if (match.length > 1) taken.fill(true, start, start + match.length);
    start += match.length;
  }
  return matches.reduce(
    (total, match) =>
      total + (isNegated(clause, match, taken, language) ? match.valence * negationFactor : match.valence),
    0,
  );
}

function longestEntryAt(clause: Clause, start: number, lexicon: Lexicon) {
  for (let length = Math.min(lexicon.longestEntry, clause.length - start); length > 0; length--) {
    const valence = lexicon.valences.get(clause.slice(start, start + length).join(' '));
    if (valence !== undefined) return { length, valence };
  }
  return null;
}
