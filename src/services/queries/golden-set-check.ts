// The golden-set check: a draft of the whole grid checked against the campaign's validated conversations, from
// the grid editor. Nothing is stored.
import { useMutation } from '@tanstack/react-query';
import type { PublishEvaluationGrid } from '../../../contract/evaluation-grids';
import type { goldenSetCheckSchema } from '../../../contract/golden-set-check';
import { useServices } from '../services-context';

export function useGoldenSetCheck(gridId: string) {
  const { api } = useServices();
  return useMutation({
    mutationFn: (draft: PublishEvaluationGrid) =>
      api.request<typeof goldenSetCheckSchema>(`/evaluation-grids/${gridId}/golden-set-check`, {
        method: 'POST',
        body: draft,
      }),
  });
}
