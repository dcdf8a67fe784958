// The word splitting every text analysis shares: folding, elisions, clauses.
import { describe, expect, it } from 'vitest';
import { clausesOf, foldText, phraseOf } from '../../server/domain/text/words';

describe('words', () => {
  it('folds case, accents and typographic apostrophes', () => {
    expect(foldText('Déçu À L’ÉTÉ')).toBe("decu a l'ete");
  });

  it('splits French elisions and reads n’ as ne', () => {
    expect(phraseOf("Je n'aime pas l'attente, j’ai qu'une question jusqu'à demain")).toEqual([
      'je',
      'ne',
      'aime',
      'pas',
      'l',
      'attente',
      'j',
      'ai',
      'qu',
      'une',
      'question',
      'jusqu',
      'a',
      'demain',
    ]);
  });

  it('keeps English contractions and hyphenated words whole', () => {
    expect(phraseOf("I don't think it's well-known, aujourd'hui")).toEqual([
      'i',
      'dont',
      'think',
      'its',
      'wellknown',
      'aujourdhui',
    ]);
  });

  it('cuts clauses at punctuation and line breaks', () => {
    expect(clausesOf('Not now. Great!\nsee you — bye (really)')).toEqual([
      ['not', 'now'],
      ['great'],
      ['see', 'you'],
      ['bye'],
      ['really'],
    ]);
  });
});
