// A campaign's alerts, from the API: the list, one alert, and creating, changing and deleting them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { alertSchema, Alert, AlertChanges, NewAlert } from '../../../contract/alerts';
import { useServices } from '../services-context';

type AlertListSchema = z.ZodArray<typeof alertSchema>;

export const alertKeys = {
  ofCampaign: (campaignId: string) => ['campaigns', campaignId, 'alerts'] as const,
  one: (id: string) => ['alerts', id] as const,
};

export function useAlerts(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: alertKeys.ofCampaign(campaignId),
    queryFn: ({ signal }) =>
      api.request<AlertListSchema>('/alerts', { query: { campaign_id: campaignId }, signal }),
  });
}

export function useAlert(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: alertKeys.one(id),
    queryFn: ({ signal }) => api.request<typeof alertSchema>(`/alerts/${id}`, { signal }),
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
    mutationFn: (alert: NewAlert) =>
      api.request<typeof alertSchema>('/alerts', { method: 'POST', body: alert }),
    onSuccess: remember,
  });
}

/** Changes an alert (any alert of the list: the id travels with the changes). */
export function useUpdateAlert() {
  const { api } = useServices();
  const remember = useAlertCache();
  return useMutation({
    mutationFn: ({ id, ...changes }: AlertChanges & { id: string }) =>
      api.request<typeof alertSchema>(`/alerts/${id}`, { method: 'PATCH', body: changes }),
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
