// Evaluations' queries outside the evaluation machine: the grid editor's item test (one item, as edited, run on a
// pasted transcript or a conversation; nothing stored).
import { useMutation } from '@tanstack/react-query';
import type { itemTestResultSchema, ItemTest } from '../../../contract/evaluations';
import { useServices } from '../services-context';

/** The body of an item test, as sent (defaults left to the server). */
export type ItemTestRequest = Partial<ItemTest> & Pick<ItemTest, 'item_type'>;

export function useItemTest() {
  const { api } = useServices();
  return useMutation({
    mutationFn: (test: ItemTestRequest) =>
      api.request<typeof itemTestResultSchema>('/evaluation-grids/item/test', { method: 'POST', body: test }),
  });
}
