// What the statistics pages compute and write: the server's cells kept to the filters and summed per item and per
// week (agreement over the answers the engine gave), rates and weeks in the reader's locale, and an item's answer
// in its own words.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ValidationStatsCell } from '../../../contract/validation-stats';
import type { EvaluationItem } from '../../../contract/evaluation-grids';
import en from '../../../src/i18n/en.json';
import { describeValue } from '../../../src/views/pages/validation-stats/evaluation-value';
import { formatRate, formatWeek } from '../../../src/views/pages/validation-stats/figure-format';
import {
  figuresPerItem,
  figuresPerWeek,
  filterCells,
  noValidationFilters,
  totalOf,
  weeksOf,
} from '../../../src/views/pages/validation-stats/validation-figures';

const a = '019a0000-0000-7000-8000-00000000000a';
const b = '019a0000-0000-7000-8000-00000000000b';
const cell = (
  item_id: string,
  language: 'en' | 'fr',
  engine: 'rules' | 'llm',
  week: string,
  [agreed, changed, unanswered]: [number, number, number],
): ValidationStatsCell => ({ item_id, language, engine, week, agreed, changed, unanswered });

const cells = [
  cell(a, 'en', 'rules', '2026-03-02', [3, 1, 0]),
  cell(a, 'fr', 'llm', '2026-03-09', [1, 1, 0]),
  cell(b, 'en', 'rules', '2026-03-09', [0, 0, 2]),
];
const items = [
  { id: a, name: 'Greets', type: 'binary_item' as const, section_name: 'Opening' },
  { id: b, name: 'Explains', type: 'multiple_levels_item' as const, section_name: 'Discovery' },
];

describe('validation figures', () => {
  it('sums every cell per item and per week, the rate over the answers the engine gave', () => {
    const perItem = figuresPerItem(items, cells);
    expect(
      perItem.map(({ id, agreed, changed, unanswered, rate }) => [id, agreed, changed, unanswered, rate]),
    ).toEqual([
      [a, 4, 2, 0, 4 / 6],
      [b, 0, 0, 2, null],
    ]);
    expect(figuresPerWeek(cells)).toEqual([
      { week: '2026-03-02', agreed: 3, changed: 1, unanswered: 0, rate: 0.75 },
      { week: '2026-03-09', agreed: 1, changed: 1, unanswered: 2, rate: 0.5 },
    ]);
    expect(totalOf(perItem)).toMatchObject({ agreed: 4, changed: 2, unanswered: 2, rate: 4 / 6 });
    expect(weeksOf(cells)).toEqual(['2026-03-02', '2026-03-09']);
  });

  it('keeps the cells of the language, engine and weeks chosen', () => {
    expect(filterCells(cells, noValidationFilters)).toHaveLength(3);
    expect(filterCells(cells, { ...noValidationFilters, language: 'fr' })).toEqual([cells[1]]);
    expect(filterCells(cells, { ...noValidationFilters, engine: 'rules' })).toEqual([cells[0], cells[2]]);
    expect(filterCells(cells, { ...noValidationFilters, fromWeek: '2026-03-09' })).toEqual([
      cells[1],
      cells[2],
    ]);
    expect(filterCells(cells, { ...noValidationFilters, toWeek: '2026-03-02' })).toEqual([cells[0]]);
    expect(
      figuresPerItem(items, filterCells(cells, { ...noValidationFilters, language: 'fr' }))[1],
    ).toMatchObject({ agreed: 0, changed: 0, unanswered: 0, rate: null });
  });

  it('writes rates and weeks in the reader’s locale', () => {
    expect(formatRate(0.875, 'en')).toBe('88%');
    expect(formatRate(0.875, 'fr').replace(/\s/g, ' ')).toBe('88 %');
    expect(formatRate(null, 'en')).toBe('—');
    expect(formatWeek('2026-03-02', 'en')).toBe('Mar 2');
    expect(formatWeek('2026-03-02', 'fr')).toBe('2 mars');
  });
});

describe('an answer in the item’s words', () => {
  const t = i18next.createInstance();
  void t.init({ lng: 'en', resources: { en: { translation: en } } });
  const levels: EvaluationItem = {
    id: b,
    name: 'Explains',
    description: '',
    type: 'multiple_levels_item',
    weight: 1,
    critical: false,
    allow_na: false,
    levels: [
      { name: 'Not explained', score: 0 },
      { name: 'Clearly explained', score: 100 },
    ],
  };
  const composed: EvaluationItem = {
    id: a,
    name: 'Outcome',
    description: '',
    type: 'composed_item',
    weight: 1,
    critical: false,
    allow_na: false,
    sub_items: [{ id: b, name: 'States the action', description: '' }],
  };

  it('names yes, no, not applicable, levels and sub-items, and says what it cannot name', () => {
    expect(describeValue('yes', undefined, t.t)).toBe('Yes');
    expect(describeValue('na', undefined, t.t)).toBe('Not applicable');
    expect(describeValue(null, levels, t.t)).toBe('No answer');
    expect(describeValue(1, levels, t.t)).toBe('Clearly explained');
    expect(describeValue(5, levels, t.t)).toBe('Level 6');
    expect(describeValue({ [b]: 'no', [a]: 'yes' }, composed, t.t)).toBe(
      'States the action: No · Removed sub-item: Yes',
    );
  });
});
