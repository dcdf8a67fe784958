// An item's answer in words, with the item's own names: yes / no / not applicable, a level's name, or each
// sub-item's name with its answer. An answer the grid cannot name (a level since removed) says so plainly.
import type { TFunction } from 'i18next';
import type { EvaluationItem } from '../../../../contract/evaluation-grids';
import type { EvaluationValue } from '../../../../contract/evaluations';

const binaryWord = (value: string, t: TFunction) =>
  value === 'yes' || value === 'no' || value === 'na' ? t(`itemUpdates.values.${value}`) : value;

export function describeValue(
  value: EvaluationValue | null,
  item: EvaluationItem | undefined,
  t: TFunction,
): string {
  if (value === null) return t('itemUpdates.values.none');
  if (typeof value === 'string') return binaryWord(value, t);
  if (typeof value === 'number') {
    const level = item?.type === 'multiple_levels_item' ? item.levels[value] : undefined;
    return level ? level.name : t('itemUpdates.values.level', { number: value + 1 });
  }
  const subItems = item?.type === 'composed_item' ? item.sub_items : [];
  return Object.entries(value)
    .map(([id, answer]) => {
      const name = subItems.find((sub) => sub.id === id)?.name ?? t('itemUpdates.values.removedSubItem');
      return `${name}: ${binaryWord(answer, t)}`;
    })
    .join(' · ');
}
