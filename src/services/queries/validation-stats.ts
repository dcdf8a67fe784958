// The validation statistics of a campaign: its items' validation statistics (how often validated answers stayed
// the engine's), and one item's history of people's changes, a page at a time.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  evaluationItemUpdatesPageSchema,
  validationStatsSchema,
} from '../../../contract/validation-stats';
import { useServices } from '../services-context';

/** Changes per page: a screenful and more. */
export const itemUpdatesPageSize = 50;

export const validationStatsKeys = {
  validationStats: (campaignId: string) => ['campaigns', campaignId, 'validation-stats'] as const,
  itemUpdates: (campaignId: string, itemId: string) =>
    ['campaigns', campaignId, 'evaluation-items', itemId, 'updates'] as const,
};

/** Every cell of the campaign's validation statistics; the page filters and sums them. */
export function useValidationStats(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: validationStatsKeys.validationStats(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof validationStatsSchema>('/dashboards/graphs/evaluations/items/validation-stats', {
        query: { campaigns: [campaignId] },
        signal,
      }),
  });
}

/** The item's changes in the campaign, newest first, a page at a time. */
export function useItemUpdates(campaignId: string, itemId: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: validationStatsKeys.itemUpdates(campaignId, itemId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.request<typeof evaluationItemUpdatesPageSchema>(
        `/dashboards/graphs/campaigns/${campaignId}/evaluation-items/${itemId}/updates`,
        { query: { limit: itemUpdatesPageSize, start_after: pageParam }, signal },
      ),
    getNextPageParam: (page) => page.next_start_after ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}
