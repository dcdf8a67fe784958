// A sentiment lexicon ready for matching: entries (words or phrases) rated from -5 to +5, keyed by their folded
// words, later lists overriding earlier ones. An entry rated 0 is neutral but still matched, so its words are
// taken: "pas mal de" (a quantity) keeps its "pas" from negating the word after it.
import { phraseOf } from '../text/words';

export interface Lexicon {
  /** Folded words joined by single spaces → valence. */
  valences: ReadonlyMap<string, number>;
  /** The number of words in the longest entry, so matching knows how far to look ahead. */
  longestEntry: number;
}

export function compileLexicon(...lists: Readonly<Record<string, number>>[]): Lexicon {
  const valences = new Map<string, number>();
  for (const list of lists) {
    for (const [entry, valence] of Object.entries(list)) {
      const key = phraseOf(entry).join(' ');
      if (key) valences.set(key, valence);
    }
  }
  let longestEntry = 1;
  for (const key of valences.keys()) longestEntry = Math.max(longestEntry, key.split(' ').length);
  return { valences, longestEntry };
}
