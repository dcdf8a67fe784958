// A campaign's custom analyses from the API: their definitions (listed, created, changed, deleted), the
// distribution of their answers, and a free-text analysis's answers a page at a time.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  customAnalysisDetailsSchema,
  customAnalysisListSchema,
  customAnalysisSavedSchema,
  freeTextAnswersSchema,
  CustomAnalysisInput,
  UpdateCustomAnalysis,
} from '../../../contract/custom-analyses';
import { useServices } from '../services-context';

/** Free-text answers per page: a screenful. */
export const freeTextPageSize = 10;

export const customAnalysisKeys = {
  all: (campaignId: string) => ['campaigns', campaignId, 'custom-analyses'] as const,
  list: (campaignId: string) => ['campaigns', campaignId, 'custom-analyses', 'list'] as const,
  details: (campaignId: string) => ['campaigns', campaignId, 'custom-analyses', 'details'] as const,
  freeText: (campaignId: string, analysisId: string) =>
    ['campaigns', campaignId, 'custom-analyses', 'free-text', analysisId] as const,
};

export function useCustomAnalyses(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: customAnalysisKeys.list(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof customAnalysisListSchema>(`/campaigns/${campaignId}/custom-analyses`, { signal }),
    select: (list) => list.items,
  });
}

/** Per analysis, how its answers are spread over the campaign's conversations. */
export function useCustomAnalysisDetails(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: customAnalysisKeys.details(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof customAnalysisDetailsSchema>('/dashboards/graphs/custom-analyses/details', {
        query: { campaigns: [campaignId] },
        signal,
      }),
  });
}

/** A free-text analysis's answers, newest conversations first, a page at a time. */
export function useFreeTextAnswers(campaignId: string, analysisId: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: customAnalysisKeys.freeText(campaignId, analysisId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.request<typeof freeTextAnswersSchema>(
        `/dashboards/graphs/custom-analyses-free-text/${analysisId}`,
        {
          query: { campaigns: [campaignId], limit: freeTextPageSize, start_after: pageParam },
          signal,
        },
      ),
    getNextPageParam: (page) => page.next_start_after ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}

/** Creates or changes an analysis; the answer says how many conversations are analysed again to answer it. */
export function useSaveCustomAnalysis(campaignId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CustomAnalysisInput | UpdateCustomAnalysis }) =>
      id
        ? api.request<typeof customAnalysisSavedSchema>(`/custom-analyses/${id}`, { method: 'PATCH', body })
        : api.request<typeof customAnalysisSavedSchema>(`/campaigns/${campaignId}/custom-analyses`, {
            method: 'POST',
            body,
          }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customAnalysisKeys.all(campaignId) }),
  });
}

export function useDeleteCustomAnalysis(campaignId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.send(`/custom-analyses/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customAnalysisKeys.all(campaignId) }),
  });
}
