// The golden-set agreement: a grid's rules run on conversations whose final answers are known, counted per item;
// composed items agree only when every sub-item does; answers that no longer fit the item and items the rules do
// not answer are left out.
import { describe, expect, it } from 'vitest';
import { rulesAgreement, type SettledConversation } from '../../../server/domain/evaluation/agreement';
import type { Grid, GridItem, ItemValue } from '../../../server/domain/evaluation/grid';
import { textTurn } from '../../fixtures/turns';

const rule = (phrase: string) => ({ any_of: [phrase], speaker: 'agent' as const, absent: false });

const item = (id: string, extra: Partial<GridItem>): GridItem => ({
  id,
  name: id,
  description: '',
  type: 'binary_item',
  weight: 1,
  critical: false,
  allow_na: false,
  ...extra,
});

const grid: Grid = {
  sections: [
    {
      id: 's',
      name: 's',
      items: [
        item('greets', { rules: rule('hello') }),
        item('closes', {
          type: 'composed_item',
          sub_items: [
            { id: 'thanks', name: 'thanks', type: 'binary_item', allow_na: false, rules: rule('thank you') },
            { id: 'bye', name: 'bye', type: 'binary_item', allow_na: false, rules: rule('goodbye') },
          ],
        }),
        item('explains', { type: 'multiple_levels_item', levels: [{ name: 'Clear', score: 100 }] }),
      ],
    },
  ],
  additional_scores: [],
};

const settled = (agentSays: string, answers: Record<string, ItemValue>): SettledConversation => ({
  turns: [textTurn('customer', 'Hi.'), textTurn('agent', agentSays)],
  finalAnswers: new Map(Object.entries(answers)),
});

describe('rulesAgreement', () => {
  it('counts, per item, the final answers the rules give, leaving out what cannot be compared', () => {
    const tally = rulesAgreement(grid, [
      settled('Hello, thank you, goodbye.', {
        greets: 'yes',
        closes: { thanks: 'yes', bye: 'yes' },
        explains: 0,
      }),
      // The rules say thanks yes, bye no: one sub-item differs, so the item does not agree.
      settled('Hello and thank you.', { greets: 'yes', closes: { thanks: 'yes', bye: 'yes' } }),
      // `na` is not an answer the greeting allows now; the sub-items answered are not the item's.
      settled('Goodbye.', { greets: 'na', closes: { thanks: 'no' } }),
      // No final answer for the greeting.
      settled('Hello.', { closes: { thanks: 'no', bye: 'no' } }),
    ]);
    expect(tally.get('greets')).toEqual({ compared: 2, agreed: 2, notEvaluated: null });
    expect(tally.get('closes')).toEqual({ compared: 3, agreed: 2, notEvaluated: null });
    expect(tally.get('explains')).toEqual({ compared: 0, agreed: 0, notEvaluated: 'levels_item' });
  });

  it('says which items the rules leave even without conversations', () => {
    const tally = rulesAgreement(grid, []);
    expect(tally.get('greets')).toEqual({ compared: 0, agreed: 0, notEvaluated: null });
    expect(tally.get('explains')?.notEvaluated).toBe('levels_item');
  });
});
