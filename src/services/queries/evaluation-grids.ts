// A campaign's evaluation grid: the current version, the list of published versions, one older version, and
// publishing a new version.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  evaluationGridSchema,
  evaluationGridVersionSummarySchema,
  PublishEvaluationGrid,
} from '../../../contract/evaluation-grids';
import { useServices } from '../services-context';

type VersionListSchema = z.ZodArray<typeof evaluationGridVersionSummarySchema>;

export const evaluationGridKeys = {
  ofCampaign: (campaignId: string) => ['campaigns', campaignId, 'evaluation-grid'] as const,
  versions: (gridId: string) => ['evaluation-grids', gridId, 'versions'] as const,
  version: (gridId: string, version: number) => ['evaluation-grids', gridId, 'versions', version] as const,
};

export function useEvaluationGrid(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: evaluationGridKeys.ofCampaign(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof evaluationGridSchema>(`/campaigns/${campaignId}/evaluation-grid`, { signal }),
  });
}

/** The published versions, newest first. */
export function useEvaluationGridVersions(gridId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: evaluationGridKeys.versions(gridId),
    queryFn: ({ signal }) =>
      api.request<VersionListSchema>(`/evaluation-grids/${gridId}/versions`, { signal }),
  });
}

/** One version as it was published; versions never change, so it is read once. */
export function useEvaluationGridVersion(gridId: string, version: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: evaluationGridKeys.version(gridId, version ?? -1),
    queryFn: ({ signal }) =>
      api.request<typeof evaluationGridSchema>(`/evaluation-grids/${gridId}/versions/${version}`, { signal }),
    enabled: version !== null,
    staleTime: Infinity,
  });
}

/** Publishes the grid's next version; the answer is the new current grid. */
export function usePublishEvaluationGrid(campaignId: string, gridId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grid: PublishEvaluationGrid) =>
      api.request<typeof evaluationGridSchema>(`/evaluation-grids/${gridId}`, {
        method: 'PATCH',
        body: grid,
      }),
    onSuccess: (grid) => {
      queryClient.setQueryData(evaluationGridKeys.ofCampaign(campaignId), grid);
      return queryClient.invalidateQueries({ queryKey: evaluationGridKeys.versions(gridId) });
    },
  });
}
