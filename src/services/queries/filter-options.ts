// The choices of the home filter bar, from the API.
import { useQuery } from '@tanstack/react-query';
import { filterOptionsSchema } from '../../../contract/dashboards';
import { useServices } from '../services-context';

export function useFilterOptions() {
  const { api } = useServices();
  return useQuery({
    queryKey: ['dashboards', 'filters'],
    queryFn: ({ signal }) => api.request('/dashboards/filters', filterOptionsSchema, { signal }),
  });
}
