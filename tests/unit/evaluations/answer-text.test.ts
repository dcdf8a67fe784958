// How the evaluation panel reads answers and scores: percentages in the reader's locale, a level's name, a
// composed item's sub-items in the grid's order with their answers.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationItem } from '../../../contract/evaluation-grids';
import en from '../../../src/i18n/en.json';
import fr from '../../../src/i18n/fr.json';
import { answerText, formatScore, subItemAnswers } from '../../../src/views/pages/evaluations/answer-text';

const levels: EvaluationItem = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Explains the cause',
  description: '',
  type: 'multiple_levels_item',
  weight: 1,
  critical: false,
  allow_na: true,
  levels: [
    { name: 'Not explained', score: 0 },
    { name: 'Clearly explained', score: 100 },
  ],
};

const composed: EvaluationItem = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Gives a clear outcome',
  description: '',
  type: 'composed_item',
  weight: 1,
  critical: false,
  allow_na: false,
  sub_items: [
    { id: '00000000-0000-4000-8000-000000000003', name: 'States the action', description: '' },
    { id: '00000000-0000-4000-8000-000000000004', name: 'Gives a time frame', description: '' },
  ],
};

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en }, fr: { translation: fr } } });
});

describe('evaluation answers as the panel says them', () => {
  it('scores are whole percentages in the reader’s locale, a dash when there is none', () => {
    expect(formatScore(66.666, 'en')).toBe('67%');
    expect(formatScore(66.666, 'fr')).toMatch(/^67[\u00a0\u202f]%$/);
    expect(formatScore(0, 'en')).toBe('0%');
    expect(formatScore(null, 'en')).toBe('—');
  });

  it('a level answer is the level’s name, N/A and yes/no in the reader’s language', async () => {
    expect(answerText(i18n.t, levels, 1)).toBe('Clearly explained');
    expect(answerText(i18n.t, levels, 7)).toBe('Unknown level');
    expect(answerText(i18n.t, levels, 'na')).toBe('N/A');
    await i18n.changeLanguage('fr');
    expect(answerText(i18n.t, levels, 'na')).toBe('N/A');
    expect(answerText(i18n.t, { ...levels, type: 'binary_item' } as EvaluationItem, 'yes')).toBe('Oui');
    await i18n.changeLanguage('en');
  });

  it('a composed answer lists every sub-item in the grid’s order, unanswered ones as null', () => {
    const [first, second] = composed.type === 'composed_item' ? composed.sub_items : [];
    expect(subItemAnswers(composed, { [second!.id]: 'no', [first!.id]: 'yes' })).toEqual([
      { id: first!.id, name: 'States the action', answer: 'yes' },
      { id: second!.id, name: 'Gives a time frame', answer: 'no' },
    ]);
    expect(subItemAnswers(composed, null).map((sub) => sub.answer)).toEqual([null, null]);
    expect(subItemAnswers(levels, 1)).toEqual([]);
  });
});
