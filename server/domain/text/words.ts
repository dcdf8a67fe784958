// Splits English or French text into clauses of comparable words: lower case, accents dropped, French elisions
// (l', j', n', qu'…) split off, apostrophes and hyphens inside words removed. Lexicons, negation and topic
// keywords all go through it, so a word is found however it was typed ("Déçu", "decu", "déçu").

/** A run of words between punctuation marks; negation and phrases never reach across one. */
export type Clause = readonly string[];

/** Letters lose their accents and case, and the typographic apostrophe becomes the plain one. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’`´]/g, "'")
    .toLowerCase();
}

const clauseBreak = /[.!?;:,…()[\]{}"«»“”\n\r]+|\s[-–—]+\s/;

/** A word: letters and digits, joined by inner apostrophes or hyphens ("aujourd'hui", "don't", "e-mail"). */
const wordPattern = /[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu;

/**
 * French elided words: the prefix becomes a word of its own; "n'" becomes "ne", which negation reads.
 * English words never start with these before an apostrophe, so the split is safe for both languages.
 */
const elision = /^(jusqu|lorsqu|puisqu|quoiqu|qu|[cdjlmnst])'(?=[\p{L}\p{N}])/u;

function* wordsOf(token: string): Generator<string> {
  let rest = token;
  for (let match = elision.exec(rest); match; match = elision.exec(rest)) {
    const prefix = match[1] ?? '';
    yield prefix === 'n' ? 'ne' : prefix;
    rest = rest.slice(match[0].length);
  }
  yield rest.replace(/['-]/g, '');
}

export function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  for (const part of foldText(text).split(clauseBreak)) {
    const words = [...part.matchAll(wordPattern)].flatMap((match) => [...wordsOf(match[0])]);
    if (words.length > 0) clauses.push(words);
  }
  return clauses;
}

/** The words of a short text (a lexicon entry, a topic keyword) as one phrase, ignoring punctuation. */
export function phraseOf(text: string): string[] {
  return clausesOf(text).flat();
}
