// A campaign's evaluation grid: the current version, the list of published versions, one older version,
// publishing a new version, and the one draft saved between versions (saved, discarded, cleared by publishing).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  evaluationGridDraftSchema,
  evaluationGridDraftStateSchema,
  EvaluationGridDraftState,
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
  draft: (gridId: string) => ['evaluation-grids', gridId, 'draft'] as const,
};

const noDraft: EvaluationGridDraftState = { draft: null };

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
      // Publishing clears the draft on the server.
      queryClient.setQueryData(evaluationGridKeys.draft(gridId), noDraft);
      return queryClient.invalidateQueries({ queryKey: evaluationGridKeys.versions(gridId) });
    },
  });
}

/** The grid's unpublished draft, for those who may publish it; `enabled` is false for the others. */
export function useEvaluationGridDraft(gridId: string, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: evaluationGridKeys.draft(gridId),
    queryFn: ({ signal }) =>
      api.request<typeof evaluationGridDraftStateSchema>(`/evaluation-grids/${gridId}/draft`, { signal }),
    enabled,
  });
}

/** Saves the editor's form as the grid's draft, in place of the one it had. */
export function useSaveEvaluationGridDraft(gridId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (grid: PublishEvaluationGrid) =>
      api.request<typeof evaluationGridDraftSchema>(`/evaluation-grids/${gridId}/draft`, {
        method: 'PUT',
        body: grid,
      }),
    onSuccess: (draft) => queryClient.setQueryData(evaluationGridKeys.draft(gridId), { draft }),
  });
}

/** Discards the grid's draft: the editor goes back to the current version. */
export function useDiscardEvaluationGridDraft(gridId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send(`/evaluation-grids/${gridId}/draft`, { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(evaluationGridKeys.draft(gridId), noDraft),
  });
}
