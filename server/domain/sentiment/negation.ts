// Whether a rated word or phrase is negated: a negator shortly before it in the same clause ("not good",
// "je ne suis pas content", "sans problème"), or in French a "pas" / "jamais" right after a verb ("j'aime pas").
import type { Language } from '../../../contract/enums';
import type { Clause } from '../text/words';

/** How many words before a rated entry a negator still reaches ("not at all happy", "pas du tout satisfait"). */
export const negationWindow = 3;

/** Words folded as ../text/words.ts folds them: no accents, no apostrophes ("don't" → "dont"). */
const negators: Record<Language, ReadonlySet<string>> = {
  en: new Set([
    ...['not', 'no', 'never', 'none', 'nothing', 'nobody', 'nowhere', 'neither', 'nor', 'without', 'cannot'],
    ...['dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'cant', 'couldnt', 'wont', 'wouldnt'],
    ...['shouldnt', 'havent', 'hasnt', 'hadnt', 'aint', 'neednt', 'mustnt'],
  ]),
  fr: new Set(['ne', 'pas', 'jamais', 'aucun', 'aucune', 'rien', 'sans', 'ni', 'point']),
};

/** French words that negate only after "ne": "je ne suis plus content", but "plus content" is happier. */
const negatorsAfterNe = new Set(['plus', 'personne', 'guere']);

/** French negators that also follow the verb they negate: "j'aime pas", "ça m'a jamais plu". */
const postVerbNegators = new Set(['pas', 'jamais']);

/** A contrast ends what a negation reaches: "not cheap but good". */
const contrastWords: Record<Language, ReadonlySet<string>> = {
  en: new Set(['but', 'however', 'although', 'though']),
  fr: new Set(['mais', 'cependant', 'pourtant', 'toutefois']),
};

/**
 * `clause[start, end)` is a rated entry; `taken[i]` says word i belongs to a matched phrase of several words.
 * A phrase with a negator of its own ("not good", "toujours pas", "pas mal") is rated as negated already, and its
 * negator reaches no other word.
 */
export function isNegated(
  clause: Clause,
  { start, end }: { start: number; end: number },
  taken: readonly boolean[],
  language: Language,
): boolean {
  if (clause.slice(start, end).some((word) => negators[language].has(word))) return false;
  const isFree = (index: number) => !taken[index];
  for (let index = start - 1; index >= Math.max(0, start - negationWindow); index--) {
    const word = clause[index] ?? '';
    if (contrastWords[language].has(word)) return false;
    if (!isFree(index)) continue;
    if (negators[language].has(word))
      return !(word === 'ne' && restrictsRatherThanNegates(clause, index, start));
    if (language === 'fr' && negatorsAfterNe.has(word) && clause.slice(0, index).includes('ne')) return true;
  }
  const next = clause[end];
  return language === 'fr' && next !== undefined && postVerbNegators.has(next) && isFree(end);
}

/** "ne … que" means "only": "je ne suis que déçu" is not a negation of "déçu". */
function restrictsRatherThanNegates(clause: Clause, neIndex: number, start: number): boolean {
  return clause.slice(neIndex + 1, start).some((word) => word === 'que' || word === 'qu');
}
