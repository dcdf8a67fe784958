// An item of the grid form as the item test takes it: the item as currently edited (not yet published), its
// rules, levels or sub-items by type.
import type { ItemTestRequest } from '../../../services/queries/evaluations';
import { fromItemForm, type ItemForm } from './grid-form';

export type TestedItem = Omit<ItemTestRequest, 'transcript' | 'conversation_id'>;

export function testedItemOf(form: ItemForm): TestedItem {
  const item = fromItemForm(form);
  const common = { description: item.description ?? '', allow_na: item.allow_na ?? false };
  switch (item.type) {
    case 'binary_item':
      return { ...common, item_type: item.type, ...(item.rules ? { rules: item.rules } : {}) };
    case 'multiple_levels_item':
      return { ...common, item_type: item.type, levels: item.levels };
    case 'composed_item':
      return {
        ...common,
        item_type: item.type,
        sub_items: item.sub_items.map((sub) => ({
          name: sub.name,
          ...(sub.rules ? { rules: sub.rules } : {}),
        })),
      };
  }
}
