// An item's score from its answer, 0–100: yes 100 and no 0, a level its own score, a composed item the share of
// its sub-items met. `na` gives no score: the item does not apply.
import { Invalid } from '../../errors';
import type { BinaryValue, GridItem, ItemValue } from './grid';

const binaryValues: readonly unknown[] = ['yes', 'no', 'na'] satisfies BinaryValue[];

function fitsBinary(value: unknown, allowNa: boolean): value is BinaryValue {
  return binaryValues.includes(value) && (allowNa || value !== 'na');
}

/** Whether `value` is an answer the item accepts: its kind, a level it has, `na` only where allowed. */
export function valueFits(item: GridItem, value: ItemValue): boolean {
  switch (item.type) {
    case 'binary_item':
      return fitsBinary(value, item.allow_na);
    case 'multiple_levels_item':
      return typeof value === 'number'
        ? Number.isInteger(value) && value >= 0 && value < (item.levels ?? []).length
        : value === 'na' && item.allow_na;
    case 'composed_item': {
      if (typeof value !== 'object') return false;
      const subItems = item.sub_items ?? [];
      return (
        Object.keys(value).length === subItems.length &&
        subItems.every((sub) => fitsBinary(value[sub.id], sub.allow_na))
      );
    }
  }
}

/**
 * The item's score, or null when it does not apply (`na`, or a composed item whose sub-items are all `na`;
 * sub-items answered `na` are left out of the share).
 */
export function itemScore(item: GridItem, value: ItemValue): number | null {
  if (!valueFits(item, value)) {
    throw new Invalid(`${JSON.stringify(value)} is not an answer to the ${item.type} "${item.name}"`);
  }
  if (value === 'na') return null;
  if (value === 'yes') return 100;
  if (value === 'no') return 0;
  if (typeof value === 'number') return item.levels?.[value]?.score ?? null;
  const applicable = Object.values(value).filter((answer) => answer !== 'na');
  if (applicable.length === 0) return null;
  return (applicable.filter((answer) => answer === 'yes').length / applicable.length) * 100;
}
