// The alert form's model: the grid elements offered per detail type, the watch sent for the form's values, only
// the changes sent for an existing alert, and where a server refusal lands.
import { describe, expect, it } from 'vitest';
import type { EvaluationGrid } from '../../../contract/evaluation-grids';
import {
  alertChangesOf,
  alertFormSchema,
  formFieldOf,
  newAlertForm,
  watchOf,
  type AlertForm,
} from '../../../src/views/pages/alerts/alert-form';
import { watchedName, watchTargets } from '../../../src/views/pages/alerts/alert-watch';

const id = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

const grid: EvaluationGrid = {
  id: id(1),
  campaign_id: id(2),
  version: 1,
  updated_at: 0,
  sections: [
    {
      id: id(10),
      name: 'Greeting',
      items: [
        {
          id: id(11),
          name: 'Greets',
          type: 'binary_item',
          description: '',
          weight: 1,
          critical: false,
          allow_na: false,
        },
        {
          id: id(12),
          name: 'Tone',
          type: 'multiple_levels_item',
          description: '',
          weight: 1,
          critical: false,
          allow_na: false,
          levels: [
            { name: 'Poor', score: 0 },
            { name: 'Good', score: 100 },
          ],
        },
      ],
    },
    {
      id: id(20),
      name: 'Closing',
      items: [
        {
          id: id(21),
          name: 'Wraps up',
          type: 'composed_item',
          description: '',
          weight: 1,
          critical: false,
          allow_na: false,
          sub_items: [{ id: id(22), name: 'Thanks', description: '' }],
        },
      ],
    },
  ],
  additional_scores: [{ id: id(30), name: 'Courtesy', item_ids: [id(11)] }],
};

const form = (changes: Partial<AlertForm> = {}): AlertForm => ({
  ...newAlertForm,
  name: 'Low',
  recipients: [id(99)],
  ...changes,
});

describe('watchTargets', () => {
  it('offers the elements of the type asked, items with their section and levels', () => {
    expect(watchTargets(grid, 'main_score')).toEqual([]);
    expect(watchTargets(grid, 'section_score').map((target) => target.name)).toEqual(['Greeting', 'Closing']);
    expect(watchTargets(grid, 'additional_score').map((target) => target.id)).toEqual([id(30)]);
    expect(watchTargets(grid, 'binary_item')).toEqual([{ id: id(11), name: 'Greets', section: 'Greeting' }]);
    expect(watchTargets(grid, 'multiple_levels_item')[0]?.levels?.map((level) => level.score)).toEqual([
      0, 100,
    ]);
    expect(watchTargets(grid, 'composed_item').map((target) => target.section)).toEqual(['Closing']);
  });

  it('names what a watch looks at, null for the main score, undefined once gone or of another type', () => {
    expect(watchedName(grid, { type: 'main_score', operator: 'lt', score: 60 })).toBeNull();
    expect(watchedName(grid, { type: 'binary_item', operator: 'eq', score: 0, item_id: id(11) })).toBe(
      'Greets',
    );
    expect(
      watchedName(grid, { type: 'composed_item', operator: 'eq', score: 0, item_id: id(11) }),
    ).toBeUndefined();
    expect(
      watchedName(grid, { type: 'section_score', operator: 'lt', score: 5, section_id: id(77) }),
    ).toBeUndefined();
  });
});

describe('the form', () => {
  it('sends the one reference its type needs', () => {
    expect(watchOf(form())).toEqual({ type: 'main_score', operator: 'lt', score: 60 });
    expect(watchOf(form({ type: 'section_score', target: id(10) }))).toEqual({
      type: 'section_score',
      operator: 'lt',
      score: 60,
      section_id: id(10),
    });
    expect(watchOf(form({ type: 'additional_score', target: id(30) }))).toHaveProperty('score_id', id(30));
    expect(watchOf(form({ type: 'composed_item', target: id(21) }))).toHaveProperty('item_id', id(21));
  });

  it('refuses a missing element, a threshold out of 0–100 and no recipient, at their fields', () => {
    const result = alertFormSchema.safeParse(
      form({ type: 'binary_item', score: Number.NaN, recipients: [] }),
    );
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      score: 'alerts.form.scoreRange',
      recipients: 'alerts.form.recipientsRequired',
      target: 'alerts.form.targetRequired',
    });
    expect(alertFormSchema.safeParse(form({ score: 100.5 })).success).toBe(false);
    expect(alertFormSchema.safeParse(form()).success).toBe(true);
  });

  it('sends only what changed, and the watch only when it changed (the server forgets matches on it)', () => {
    const before = form({ type: 'binary_item', target: id(11), operator: 'eq', score: 0 });
    expect(alertChangesOf(before, { ...before })).toEqual({});
    expect(alertChangesOf(before, { ...before, name: 'Renamed', enabled: false })).toEqual({
      name: 'Renamed',
      enabled: false,
    });
    expect(alertChangesOf(before, { ...before, recipients: [id(99), id(98)] })).toEqual({
      recipients: [id(99), id(98)],
    });
    expect(alertChangesOf(before, { ...before, score: 10 })).toEqual({
      detail: { type: 'binary_item', operator: 'eq', score: 10, item_id: id(11) },
    });
  });

  it('places the server refusals at their fields', () => {
    expect(formFieldOf('detail.item_id')).toBe('target');
    expect(formFieldOf('detail.section_id')).toBe('target');
    expect(formFieldOf('body.detail.score')).toBe('score');
    expect(formFieldOf('recipients.2')).toBe('recipients');
    expect(formFieldOf('body.name')).toBe('name');
    expect(formFieldOf('campaign_id')).toBeNull();
  });
});
