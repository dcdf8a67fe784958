// The answer a reviewer's choice gives an item, from a control or a key: yes / no / N/A, a level by its number, a
// sub-item ticked or not (a composed item's sub-items are checkboxes: ticked is yes). Null when the choice does not
// fit the item (a level on a yes/no item, N/A where the grid allows none) or changes nothing.
import type { EvaluationItem } from '../../../../contract/evaluation-grids';
import type { EvaluationValue } from '../../../../contract/evaluations';

export type AnswerChoice =
  | { type: 'yes' | 'no' | 'na' }
  /** From 0: a level of a levels item, or the sub-item to tick or untick on a composed one. */
  | { type: 'number'; index: number };

const same = (a: EvaluationValue | null, b: EvaluationValue) => JSON.stringify(a) === JSON.stringify(b);

/** A composed item's answers per sub-item, every sub-item present (unanswered counts as not ticked). */
export function subItemValues(
  item: EvaluationItem,
  value: EvaluationValue | null,
): Record<string, 'yes' | 'no'> {
  if (item.type !== 'composed_item') return {};
  const answers = value !== null && typeof value === 'object' ? value : {};
  return Object.fromEntries(item.sub_items.map((sub) => [sub.id, answers[sub.id] === 'yes' ? 'yes' : 'no']));
}

function chosenValue(
  item: EvaluationItem,
  current: EvaluationValue | null,
  choice: AnswerChoice,
): EvaluationValue | null {
  switch (item.type) {
    case 'binary_item':
      if (choice.type === 'number') return null;
      return choice.type !== 'na' || item.allow_na ? choice.type : null;
    case 'multiple_levels_item':
      if (choice.type === 'number') return choice.index < item.levels.length ? choice.index : null;
      return choice.type === 'na' && item.allow_na ? 'na' : null;
    case 'composed_item': {
      if (choice.type === 'na') return null;
      const answers = subItemValues(item, current);
      if (choice.type !== 'number')
        return Object.fromEntries(item.sub_items.map((sub) => [sub.id, choice.type]));
      const sub = item.sub_items[choice.index];
      if (!sub) return null;
      return { ...answers, [sub.id]: answers[sub.id] === 'yes' ? 'no' : 'yes' };
    }
  }
}

/** The item's new answer after `choice`; null when it fits not or changes nothing. */
export function answerAfter(
  item: EvaluationItem,
  current: EvaluationValue | null,
  choice: AnswerChoice,
): EvaluationValue | null {
  const value = chosenValue(item, current, choice);
  return value === null || same(current, value) ? null : value;
}
