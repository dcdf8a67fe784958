// Alert matching, pure: each operator against each of the six watched scores (below, at and above the
// threshold), scores that do not exist never matching, the grid checks a watch must pass, and the names an
// `ALERT` notification shows.
import { describe, expect, it } from 'vitest';
import type { AlertWatch } from '../../../contract/alerts';
import {
  alertMatches,
  meetsThreshold,
  watchNames,
  watchProblems,
  type EvaluationScoresRead,
} from '../../../server/domain/alerts/watch';
import type { Grid, GridItem } from '../../../server/domain/evaluation/grid';

const id = (n: number) => `019a0000-0000-7000-8000-0000000090${String(n).padStart(2, '0')}`;
const section = id(1);
const additional = id(2);
const binaryId = id(3);
const levelsId = id(4);
const composedId = id(5);

const item = (itemId: string, type: GridItem['type'], name: string): GridItem => ({
  id: itemId,
  name,
  description: '',
  type,
  weight: 1,
  critical: false,
  allow_na: true,
});

const grid: Grid = {
  sections: [
    {
      id: section,
      name: 'Greeting',
      items: [
        item(binaryId, 'binary_item', 'Says hello'),
        item(levelsId, 'multiple_levels_item', 'Explains the cause'),
        item(composedId, 'composed_item', 'Checks identity'),
      ],
    },
  ],
  additional_scores: [{ id: additional, name: 'Courtesy', item_ids: [binaryId] }],
};

/** Every watched score at `value`. */
const scoresAt = (value: number | null): EvaluationScoresRead => ({
  main_score: value,
  section_scores: [{ section_id: section, score: value }],
  additional_scores: [{ id: additional, score: value }],
  items: [binaryId, levelsId, composedId].map((item_id) => ({ item_id, score: value })),
});

const watches: Record<AlertWatch['type'], Omit<AlertWatch, 'operator' | 'score'>> = {
  main_score: { type: 'main_score' },
  additional_score: { type: 'additional_score', score_id: additional },
  section_score: { type: 'section_score', section_id: section },
  binary_item: { type: 'binary_item', item_id: binaryId },
  multiple_levels_item: { type: 'multiple_levels_item', item_id: levelsId },
  composed_item: { type: 'composed_item', item_id: composedId },
};

/** Whether a score of 50 matches the threshold 60, 50 and 40, by operator. */
const expected: Record<AlertWatch['operator'], [boolean, boolean, boolean]> = {
  gt: [false, false, true],
  gte: [false, true, true],
  lt: [true, false, false],
  lte: [true, true, false],
  eq: [false, true, false],
};

describe('alert matching', () => {
  const cases = Object.values(watches).flatMap((watch) =>
    Object.entries(expected).map(([operator, outcomes]) => ({
      watch,
      operator: operator as AlertWatch['operator'],
      outcomes,
    })),
  );

  it.each(cases)('$watch.type $operator', ({ watch, operator, outcomes }) => {
    const at = (threshold: number) =>
      alertMatches({ ...watch, operator, score: threshold }, grid, scoresAt(50));
    expect([at(60), at(50), at(40)]).toEqual(outcomes);
  });

  it.each(Object.values(watches))('$type never matches without a score (N/A, unanswered)', (watch) => {
    for (const operator of Object.keys(expected) as AlertWatch['operator'][]) {
      expect(alertMatches({ ...watch, operator, score: 0 }, grid, scoresAt(null))).toBe(false);
      expect(alertMatches({ ...watch, operator, score: 100 }, grid, scoresAt(null))).toBe(false);
    }
  });

  it('reads only the watched score', () => {
    const scores: EvaluationScoresRead = {
      ...scoresAt(100),
      section_scores: [{ section_id: section, score: 10 }],
    };
    expect(alertMatches({ ...watches.section_score, operator: 'lt', score: 20 }, grid, scores)).toBe(true);
    expect(alertMatches({ ...watches.main_score, operator: 'lt', score: 20 }, grid, scores)).toBe(false);
  });

  it('never matches an element the evaluation’s grid lacks, or an item of another type', () => {
    const scores = scoresAt(0);
    const gone = { type: 'binary_item', item_id: id(99), operator: 'lte', score: 100 } as const;
    expect(alertMatches(gone, grid, scores)).toBe(false);
    const otherType = { type: 'binary_item', item_id: levelsId, operator: 'lte', score: 100 } as const;
    expect(alertMatches(otherType, grid, scores)).toBe(false);
  });

  it('compares at two decimals, as people read scores', () => {
    expect(meetsThreshold('eq', 200 / 3, 66.67)).toBe(true);
    expect(meetsThreshold('gt', 66.666664, 66.67)).toBe(false);
    expect(meetsThreshold('lt', 66.664, 66.67)).toBe(true);
  });
});

describe('alert watch against the grid', () => {
  it('accepts each type with the reference it needs', () => {
    for (const watch of Object.values(watches)) {
      expect(watchProblems({ ...watch, operator: 'lt', score: 50 }, grid)).toEqual([]);
    }
  });

  it('names the missing, extra, unknown and mistyped references', () => {
    expect(watchProblems({ type: 'section_score', operator: 'lt', score: 50 }, grid)).toEqual([
      { path: 'detail.section_id', message: 'A section_score alert needs a section_id' },
    ]);
    expect(watchProblems({ type: 'main_score', operator: 'lt', score: 50, item_id: binaryId }, grid)).toEqual(
      [{ path: 'detail.item_id', message: 'A main_score alert takes no item_id' }],
    );
    expect(
      watchProblems({ type: 'additional_score', operator: 'lt', score: 50, score_id: section }, grid),
    ).toEqual([
      { path: 'detail.score_id', message: `The additional score ${section} is not in the campaign's grid` },
    ]);
    expect(
      watchProblems({ type: 'section_score', operator: 'lt', score: 50, section_id: additional }, grid),
    ).toEqual([
      { path: 'detail.section_id', message: `The section ${additional} is not in the campaign's grid` },
    ]);
    expect(
      watchProblems({ type: 'composed_item', operator: 'lt', score: 50, item_id: id(98) }, grid),
    ).toEqual([{ path: 'detail.item_id', message: `The item ${id(98)} is not in the campaign's grid` }]);
    expect(
      watchProblems({ type: 'binary_item', operator: 'lt', score: 50, item_id: composedId }, grid),
    ).toEqual([
      { path: 'detail.item_id', message: 'The item "Checks identity" is a composed_item, not a binary_item' },
    ]);
  });

  it('gives the names a notification shows', () => {
    expect(watchNames({ ...watches.main_score, operator: 'lt', score: 50 }, grid)).toEqual({
      section_name: null,
      score_name: null,
      item_name: null,
    });
    expect(watchNames({ ...watches.section_score, operator: 'lt', score: 50 }, grid)).toMatchObject({
      section_name: 'Greeting',
    });
    expect(watchNames({ ...watches.additional_score, operator: 'lt', score: 50 }, grid)).toMatchObject({
      score_name: 'Courtesy',
    });
    expect(watchNames({ ...watches.multiple_levels_item, operator: 'lt', score: 50 }, grid)).toMatchObject({
      item_name: 'Explains the cause',
    });
  });
});
