// How an item's answer and score read: yes / no / N/A, a level's name, a sub-item's answer, a score in the
// reader's locale.
import type { TFunction } from 'i18next';
import type { EvaluationItem } from '../../../../contract/evaluation-grids';
import type { EvaluationValue } from '../../../../contract/evaluations';

/** A score from 0 to 100 as a percentage in the reader's locale ("85%", "85 %"); a dash when there is none. */
export const formatScore = (score: number | null, locale: string): string =>
  score === null
    ? '—'
    : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(score / 100);

export const binaryAnswerText = (t: TFunction, value: string): string =>
  t(`evaluationPanel.answers.${value === 'yes' || value === 'no' ? value : 'na'}`);

/** A binary or levels item's answer; composed items list their sub-items instead (see `subItemAnswers`). */
export function answerText(t: TFunction, item: EvaluationItem, value: EvaluationValue): string {
  if (item.type === 'multiple_levels_item' && typeof value === 'number') {
    return item.levels[value]?.name ?? t('evaluationPanel.answers.unknownLevel');
  }
  return typeof value === 'string' ? binaryAnswerText(t, value) : '';
}

/** A composed item's sub-items with their answers, in the grid's order. */
export function subItemAnswers(item: EvaluationItem, value: EvaluationValue | null) {
  if (item.type !== 'composed_item') return [];
  const answers = value !== null && typeof value === 'object' ? value : {};
  return item.sub_items.map((sub) => ({ id: sub.id, name: sub.name, answer: answers[sub.id] ?? null }));
}
