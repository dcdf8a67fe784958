// Evaluation scores, 0–100: item scores by type, weighted means of the applicable items per section and overall,
// additional scores, and the auto-fail of a critical item.
import { describe, expect, it } from 'vitest';
import type { Grid, GridItem, ItemValue } from '../../../server/domain/evaluation/grid';
import { valueFits } from '../../../server/domain/evaluation/item-score';
import { scoreEvaluation } from '../../../server/domain/evaluation/scoring';
import { Invalid } from '../../../server/errors';

function binary(id: string, weight = 1, extra: Partial<GridItem> = {}): GridItem {
  return {
    id,
    name: id,
    description: '',
    type: 'binary_item',
    weight,
    critical: false,
    allow_na: true,
    ...extra,
  };
}

const levels = (id: string, weight = 1, extra: Partial<GridItem> = {}): GridItem =>
  binary(id, weight, {
    type: 'multiple_levels_item',
    levels: [
      { name: 'Poor', score: 0 },
      { name: 'Fair', score: 40 },
      { name: 'Good', score: 100 },
    ],
    ...extra,
  });

const composed = (id: string, weight = 1, extra: Partial<GridItem> = {}): GridItem =>
  binary(id, weight, {
    type: 'composed_item',
    sub_items: ['a', 'b', 'c', 'd'].map((sub) => ({
      id: sub,
      name: sub,
      type: 'binary_item',
      allow_na: true,
    })),
    ...extra,
  });

function oneSection(items: GridItem[]): Grid {
  return { sections: [{ id: 's', name: 'S', items }], additional_scores: [] };
}

const answers = (entries: Record<string, ItemValue>) => new Map(Object.entries(entries));

describe('item scores', () => {
  it('scores yes 100, no 0, a level its score, a composed item the share of its sub-items met', () => {
    const grid = oneSection([binary('yes'), binary('no'), levels('level'), composed('composed')]);
    const scores = scoreEvaluation(
      grid,
      answers({ yes: 'yes', no: 'no', level: 1, composed: { a: 'yes', b: 'no', c: 'yes', d: 'yes' } }),
    );
    expect(scores.items.map(({ score }) => score)).toEqual([100, 0, 40, 75]);
  });

  it('leaves na sub-items out of a composed share, and a composed item with only na sub-items does not apply', () => {
    const grid = oneSection([composed('some'), composed('all')]);
    const scores = scoreEvaluation(
      grid,
      answers({ some: { a: 'yes', b: 'na', c: 'no', d: 'na' }, all: { a: 'na', b: 'na', c: 'na', d: 'na' } }),
    );
    expect(scores.items.map(({ score }) => score)).toEqual([50, null]);
  });

  it('has no score for na or an unanswered item', () => {
    const scores = scoreEvaluation(
      oneSection([binary('na'), levels('levelNa'), binary('open')]),
      answers({ na: 'na', levelNa: 'na' }),
    );
    expect(scores.items).toEqual([
      { item_id: 'na', value: 'na', score: null },
      { item_id: 'levelNa', value: 'na', score: null },
      { item_id: 'open', value: null, score: null },
    ]);
  });

  it('refuses an answer the item does not accept', () => {
    const strict = binary('strict', 1, { allow_na: false });
    expect(() => scoreEvaluation(oneSection([strict]), answers({ strict: 'na' }))).toThrow(Invalid);
    expect(() => scoreEvaluation(oneSection([levels('level')]), answers({ level: 3 }))).toThrow(Invalid);
    expect(() => scoreEvaluation(oneSection([binary('item')]), answers({ item: 1 }))).toThrow(Invalid);
    expect(valueFits(composed('c'), { a: 'yes', b: 'no', c: 'yes' })).toBe(false);
    expect(valueFits(composed('c'), { a: 'yes', b: 'no', c: 'yes', e: 'no' })).toBe(false);
    expect(valueFits(composed('c'), { a: 'yes', b: 'no', c: 'yes', d: 'no' })).toBe(true);
    expect(valueFits(levels('level'), 'yes')).toBe(false);
    expect(valueFits(levels('level'), 1.5)).toBe(false);
    expect(valueFits(levels('level', 1, { allow_na: false }), 'na')).toBe(false);
  });
});

describe('section and main scores', () => {
  const grid: Grid = {
    sections: [
      { id: 'greeting', name: 'Greeting', items: [binary('hello', 1), binary('name', 3)] },
      { id: 'solution', name: 'Solution', items: [levels('answer', 2), binary('followUp', 2)] },
    ],
    additional_scores: [],
  };

  it('are means weighted by item weight', () => {
    const scores = scoreEvaluation(grid, answers({ hello: 'yes', name: 'no', answer: 2, followUp: 'no' }));
    expect(scores.section_scores).toEqual([
      { section_id: 'greeting', score: 25 },
      { section_id: 'solution', score: 50 },
    ]);
    // (100×1 + 0×3 + 100×2 + 0×2) / 8
    expect(scores.main_score).toBe(37.5);
    expect(scores.auto_failed).toBe(false);
  });

  it('leave na and unanswered items out of both the numerator and the denominator', () => {
    const scores = scoreEvaluation(grid, answers({ hello: 'yes', name: 'na', answer: 1 }));
    expect(scores.section_scores).toEqual([
      { section_id: 'greeting', score: 100 },
      { section_id: 'solution', score: 40 },
    ]);
    // (100×1 + 40×2) / 3
    expect(scores.main_score).toBe(60);
  });

  it('are null for a section, or a grid, with no applicable item', () => {
    const scores = scoreEvaluation(grid, answers({ hello: 'na', name: 'na', answer: 0 }));
    expect(scores.section_scores).toEqual([
      { section_id: 'greeting', score: null },
      { section_id: 'solution', score: 0 },
    ]);
    expect(scoreEvaluation(grid, answers({ hello: 'na' })).main_score).toBeNull();
    const empty = scoreEvaluation(
      { sections: [{ id: 'empty', name: 'Empty', items: [] }], additional_scores: [] },
      answers({}),
    );
    expect(empty).toMatchObject({ section_scores: [{ section_id: 'empty', score: null }], main_score: null });
  });

  it('are null when only items of weight 0 apply', () => {
    const scores = scoreEvaluation(oneSection([binary('free', 0)]), answers({ free: 'yes' }));
    expect(scores.section_scores).toEqual([{ section_id: 's', score: null }]);
    expect(scores.main_score).toBeNull();
  });
});

describe('critical items', () => {
  const grid = (critical: GridItem): Grid => oneSection([binary('ok', 5), critical]);

  it('set the main score to 0 when answered no, and say so, leaving the section score as it is', () => {
    const scores = scoreEvaluation(
      grid(binary('consent', 1, { critical: true })),
      answers({ ok: 'yes', consent: 'no' }),
    );
    expect(scores.main_score).toBe(0);
    expect(scores.auto_failed).toBe(true);
    expect(scores.failed_critical_item_ids).toEqual(['consent']);
    expect(scores.section_scores).toEqual([{ section_id: 's', score: (500 + 0) / 6 }]);
  });

  it('do not fail when answered yes or na', () => {
    const critical = binary('consent', 1, { critical: true });
    for (const value of ['yes', 'na'] as const) {
      const scores = scoreEvaluation(grid(critical), answers({ ok: 'yes', consent: value }));
      expect(scores).toMatchObject({ main_score: 100, auto_failed: false, failed_critical_item_ids: [] });
    }
  });

  it('fail a level item on a level worth 0 and a composed item with no sub-item met', () => {
    const criticalLevels = levels('level', 1, { critical: true });
    expect(scoreEvaluation(grid(criticalLevels), answers({ ok: 'yes', level: 0 })).auto_failed).toBe(true);
    expect(scoreEvaluation(grid(criticalLevels), answers({ ok: 'yes', level: 1 })).auto_failed).toBe(false);
    const criticalComposed = composed('parts', 1, { critical: true });
    const none = { a: 'no', b: 'no', c: 'na', d: 'no' } as const;
    expect(scoreEvaluation(grid(criticalComposed), answers({ ok: 'yes', parts: none })).main_score).toBe(0);
    const one = { ...none, c: 'yes' } as const;
    expect(scoreEvaluation(grid(criticalComposed), answers({ ok: 'yes', parts: one })).auto_failed).toBe(
      false,
    );
  });

  it('do not fail a non-critical item answered no', () => {
    expect(scoreEvaluation(grid(binary('minor', 1)), answers({ ok: 'yes', minor: 'no' })).main_score).toBe(
      500 / 6,
    );
  });
});

describe('additional scores', () => {
  it('are the weighted mean of their applicable items, across sections, untouched by the auto-fail', () => {
    const grid: Grid = {
      sections: [
        { id: 'one', name: 'One', items: [binary('a', 1), binary('b', 3, { critical: true })] },
        { id: 'two', name: 'Two', items: [levels('c', 1), binary('d', 1)] },
      ],
      additional_scores: [
        { id: 'empathy', name: 'Empathy', item_ids: ['a', 'c'] },
        { id: 'compliance', name: 'Compliance', item_ids: ['b', 'd'] },
        { id: 'nothing', name: 'Nothing', item_ids: ['d'] },
      ],
    };
    const scores = scoreEvaluation(grid, answers({ a: 'yes', b: 'no', c: 1, d: 'na' }));
    expect(scores.additional_scores).toEqual([
      { id: 'empathy', score: 70 },
      { id: 'compliance', score: 0 },
      { id: 'nothing', score: null },
    ]);
    expect(scores.main_score).toBe(0);
  });
});
