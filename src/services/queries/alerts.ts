// A campaign's alerts, from the API: the list, one alert, and creating, changing and deleting them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { alertSchema, type Alert, type AlertChanges, type NewAlert } from '../../../contract/alerts';
import { useServices } from '../services-context';

const alertListSchema = z.array(alertSchema);

export const alertKeys = {
  ofCampaign: (campaignId: string) => ['campaigns', campaignId, 'alerts'] as const,
  one: (id: string) => ['alerts', id] as const,
};

export function useAlerts(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: alertKeys.ofCampaign(campaignId),
    queryFn: ({ signal }) =>
      api.request('/alerts', alertListSchema, { query: { campaign_id: campaignId }, signal }),
  });
}

export function useAlert(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: alertKeys.one(id),
    queryFn: ({ signal }) => api.request(`/alerts/${id}`, alertSchema, { signal }),
  });
}

/** Keeps the cached alert and its campaign's list in step with an alert the server answered. */
function useAlertCache() {
  const queryClient = useQueryClient();
  return (alert: Alert) => {
    queryClient.setQueryData(alertKeys.one(alert.id), alert);
    return queryClient.invalidateQueries({ queryKey: alertKeys.ofCampaign(alert.campaign_id) });
  };
}

export function useCreateAlert() {
  const { api } = useServices();
  const remember = useAlertCache();
  return useMutation({
    mutationFn: (alert: NewAlert) => api.request('/alerts', alertSchema, { method: 'POST', body: alert }),
    onSuccess: remember,
  });
}

/** Changes an alert (any alert of the list: the id travels with the changes). */
export function useUpdateAlert() {
  const { api } = useServices();
  const remember = useAlertCache();
  return useMutation({
    mutationFn: ({ id, ...changes }: AlertChanges & { id: string }) =>
      api.request(`/alerts/${id}`, alertSchema, { method: 'PATCH', body: changes }),
    onSuccess: remember,
  });
}

export function useDeleteAlert(alert: Pick<Alert, 'id' | 'campaign_id'>) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send(`/alerts/${alert.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: alertKeys.one(alert.id) });
      return queryClient.invalidateQueries({ queryKey: alertKeys.ofCampaign(alert.campaign_id) });
    },
  });
}
