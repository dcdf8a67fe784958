// The grid editor's form: a grid survives the round trip through the form, rules are read from their fields,
// mistakes are said with i18n keys, and server refusals land on the form's fields.
import { describe, expect, it } from 'vitest';
import type { EvaluationGridContent } from '../../contract/evaluation-grids';
import {
  formPathOf,
  fromGridForm,
  gridFormSchema,
  newItem,
  toGridForm,
  type GridForm,
} from '../../src/views/pages/evaluation-grids/grid-form';

const itemId = '019a0000-0000-7000-8000-000000000002';
const grid: EvaluationGridContent = {
  sections: [
    {
      id: '019a0000-0000-7000-8000-000000000001',
      name: 'Greeting',
      items: [
        {
          id: itemId,
          name: 'Says hello',
          description: '',
          type: 'binary_item',
          weight: 2,
          critical: false,
          allow_na: true,
          rules: {
            any_of: ['hello', 'good morning'],
            speaker: 'agent',
            within_last_turns: 3,
            absent: false,
            na_unless_any_of: ['bill'],
          },
        },
        {
          id: '019a0000-0000-7000-8000-000000000003',
          name: 'Explains',
          description: 'Says why',
          type: 'multiple_levels_item',
          weight: 1,
          critical: true,
          allow_na: false,
          levels: [{ name: 'Well', description: '', score: 100 }],
        },
      ],
    },
  ],
  additional_scores: [{ id: '019a0000-0000-7000-8000-000000000004', name: 'Courtesy', item_ids: [itemId] }],
};

const issues = (form: GridForm) => {
  const result = gridFormSchema.safeParse(form);
  return result.success
    ? []
    : result.error.issues.map(({ path, message }) => ({ path: path.join('.'), message }));
};

describe('the grid form', () => {
  it('gives back the grid it was made from', () => {
    const form = toGridForm(grid);
    expect(form.sections[0]?.items[0]?.rules).toMatchObject({
      window: 'last',
      turns: '3',
      any_of: 'hello\ngood morning',
    });
    expect(issues(form)).toEqual([]);
    expect(fromGridForm(form)).toEqual(grid);
  });

  it('drops "N/A unless" phrases from an item that no longer allows N/A, and rules that are off', () => {
    const form = toGridForm(grid);
    form.sections[0]!.items[0]!.allow_na = false;
    expect(fromGridForm(form).sections[0]?.items[0]).toMatchObject({
      rules: { any_of: ['hello', 'good morning'] },
    });
    expect(fromGridForm(form).sections[0]?.items[0]).not.toHaveProperty('rules.na_unless_any_of');
    form.sections[0]!.items[0]!.rules.enabled = false;
    expect(fromGridForm(form).sections[0]?.items[0]).not.toHaveProperty('rules');
  });

  it('says what is wrong with a new item, in i18n keys', () => {
    const form = toGridForm(grid);
    form.sections[0]!.items.push({
      ...newItem(),
      weight: '0',
      rules: { ...newItem().rules, enabled: true, window: 'first', turns: '1.5' },
    });
    form.sections[0]!.items.push({ ...newItem(), name: 'Levels', type: 'multiple_levels_item' });
    form.sections[0]!.items[1]!.levels[0]!.score = '101';
    expect(issues(form)).toEqual([
      { path: 'sections.0.items.1.levels.0.score', message: 'evaluationGrid.outOfRange' },
      { path: 'sections.0.items.2.name', message: 'validation.required' },
      { path: 'sections.0.items.2.weight', message: 'evaluationGrid.weightPositive' },
      { path: 'sections.0.items.2.rules.any_of', message: 'evaluationGrid.phrasesRequired' },
      { path: 'sections.0.items.2.rules.turns', message: 'evaluationGrid.wholeNumber' },
      { path: 'sections.0.items.3.levels', message: 'evaluationGrid.levelsRequired' },
    ]);
  });

  it('refuses an additional score whose items all left the grid, and keeps only the items still there', () => {
    const form = toGridForm(grid);
    form.additional_scores[0]!.item_ids.push('019a0000-0000-7000-8000-000000000009');
    expect(fromGridForm(form).additional_scores[0]?.item_ids).toEqual([itemId]);
    form.sections[0]!.items.splice(0, 1);
    expect(issues(form)).toEqual([
      { path: 'additional_scores.0.item_ids', message: 'evaluationGrid.scoreItemsRequired' },
    ]);
  });

  it('places server refusals on the fields that show them', () => {
    expect(formPathOf('body.sections.0.items.1.rules.any_of.2')).toBe('sections.0.items.1.rules.any_of');
    expect(formPathOf('body.sections.0.items.1.rules.within_first_turns')).toBe(
      'sections.0.items.1.rules.turns',
    );
    expect(formPathOf('body.additional_scores.0.item_ids.1')).toBe('additional_scores.0.item_ids');
    expect(formPathOf('body.sections.1.id')).toBeNull();
    expect(formPathOf('params.id')).toBeNull();
  });
});
