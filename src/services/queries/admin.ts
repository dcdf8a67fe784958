// The platform's key figures for the admin home, from the API; the figures on screen stay while others load.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { adminKpisSchema } from '../../../contract/admin';
import { useServices } from '../services-context';

export interface AdminKpisScope {
  startTs: number;
  endTs: number;
  campaigns: string[];
  organisations: string[];
}

export function useAdminKpis(scope: AdminKpisScope) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['admin', 'kpis', scope],
    queryFn: ({ signal }) =>
      api.request<typeof adminKpisSchema>('/admin/kpis', {
        query: {
          startTs: scope.startTs,
          endTs: scope.endTs,
          campaigns: scope.campaigns,
          organisations: scope.organisations,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
