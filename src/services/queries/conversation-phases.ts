// A campaign's conversation phases from the API: read, and replaced as a whole.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  campaignPhasesSavedSchema,
  campaignPhasesSchema,
  CampaignPhases,
} from '../../../contract/conversation-phases';
import { useServices } from '../services-context';

const phasesKey = (campaignId: string) => ['campaigns', campaignId, 'conversation-phases'] as const;

export function useCampaignPhases(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: phasesKey(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof campaignPhasesSchema>(`/campaigns/${campaignId}/conversation-phases`, { signal }),
  });
}

/** Replaces the campaign's phases; the answer says how many conversations the server analyses again. */
export function useReplaceCampaignPhases(campaignId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phases: CampaignPhases) =>
      api.request<typeof campaignPhasesSavedSchema>(`/campaigns/${campaignId}/conversation-phases`, {
        method: 'PUT',
        body: phases,
      }),
    onSuccess: ({ phases }) => queryClient.setQueryData(phasesKey(campaignId), { phases }),
  });
}
