// The grid editor's checks: one item, as edited, run on a pasted transcript or a conversation, and a draft of the
// whole grid checked against the campaign's validated conversations. Neither stores anything.
import { useMutation } from '@tanstack/react-query';
import type { PublishEvaluationGrid } from '../../../contract/evaluation-grids';
import { itemTestResultSchema, type ItemTest } from '../../../contract/evaluations';
import { goldenSetCheckSchema } from '../../../contract/golden-set-check';
import { useServices } from '../services-context';

/** The body of an item test, as sent (defaults left to the server). */
export type ItemTestRequest = Partial<ItemTest> & Pick<ItemTest, 'item_type'>;

export function useItemTest() {
  const { api } = useServices();
  return useMutation({
    mutationFn: (test: ItemTestRequest) =>
      api.request('/evaluation-grids/item/test', itemTestResultSchema, { method: 'POST', body: test }),
  });
}

export function useGoldenSetCheck(gridId: string) {
  const { api } = useServices();
  return useMutation({
    mutationFn: (draft: PublishEvaluationGrid) =>
      api.request(`/evaluation-grids/${gridId}/golden-set-check`, goldenSetCheckSchema, {
        method: 'POST',
        body: draft,
      }),
  });
}
