// An organisation's usage over a period, from the API; the figures on screen stay while others load.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { usageSchema, UsageGrouping } from '../../../contract/usage';
import { useServices } from '../services-context';

export interface UsageScope {
  startTs: number;
  endTs: number;
  campaigns: string[];
}

export function useOrganisationUsage(organisationId: string, scope: UsageScope, groupBy: UsageGrouping) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['organisations', organisationId, 'usage', scope, groupBy],
    queryFn: ({ signal }) =>
      api.request<typeof usageSchema>(`/organisations/${organisationId}/usage`, {
        query: { ...scope, groupBy },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
