// The choices of the home filter bar, from the API: agents and metadata at once, campaigns a page at a time,
// searched on the server as the user types.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { filterOptionsSchema } from '../../../contract/dashboards';
import { useServices } from '../services-context';

/** Campaign options per page: enough to pick from, small enough for a user of thousands of campaigns. */
export const campaignOptionsPageSize = 50;

export function useFilterOptions() {
  const { api } = useServices();
  return useQuery({
    queryKey: ['dashboards', 'filters'],
    queryFn: ({ signal }) =>
      api.request<typeof filterOptionsSchema>('/dashboards/filters', {
        query: { get_campaigns_filter: 'false' },
        signal,
      }),
  });
}

/** The campaigns whose name contains `search`, by name, one page after another. */
export function useCampaignOptions(search: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['dashboards', 'filters', 'campaigns', search],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.request<typeof filterOptionsSchema>('/dashboards/filters', {
        query: {
          get_metadata_filter: 'false',
          campaigns_q: search || undefined,
          campaigns_limit: String(campaignOptionsPageSize),
          campaigns_start_after: pageParam,
        },
        signal,
      }),
    getNextPageParam: (page) => page.campaigns_next_start_after ?? undefined,
    select: (data) => ({
      campaigns: data.pages.flatMap((page) => page.campaigns),
    }),
  });
}
