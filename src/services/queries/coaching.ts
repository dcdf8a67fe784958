// Coaching plans from the API: the plans of an agent (or the agent's own), one plan, its progress, suggestions of
// focus items, and writing plans, their examples and the agent's acknowledgement.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  coachingPlanSchema,
  coachingProgressSchema,
  coachingSuggestionsSchema,
  CoachingPlan,
  CoachingPlanChanges,
  CoachingStatus,
  NewCoachingPlan,
} from '../../../contract/coaching';
import { useServices } from '../services-context';

type PlanListSchema = z.ZodArray<typeof coachingPlanSchema>;

export const coachingKeys = {
  all: ['coaching'] as const,
  plans: (agentId: string | undefined, status: CoachingStatus | undefined) =>
    ['coaching', 'plans', agentId ?? 'all', status ?? 'any'] as const,
  plan: (id: string) => ['coaching', 'plan', id] as const,
  progress: (id: string) => ['coaching', 'plan', id, 'progress'] as const,
  suggestions: (agentId: string, campaignId: string, startTs: number) =>
    ['coaching', 'suggestions', agentId, campaignId, startTs] as const,
};

/** The plans the user may read: an agent's (a coach asking), or the user's own (an agent asking, no agent). */
export function useCoachingPlans(agentId: string | undefined, status?: CoachingStatus) {
  const { api } = useServices();
  return useQuery({
    queryKey: coachingKeys.plans(agentId, status),
    queryFn: ({ signal }) =>
      api.request<PlanListSchema>('/coaching/plans', { query: { agent_id: agentId, status }, signal }),
  });
}

export function useCoachingPlan(id: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: coachingKeys.plan(id ?? ''),
    queryFn: ({ signal }) => api.request<typeof coachingPlanSchema>(`/coaching/plans/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useCoachingProgress(id: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: coachingKeys.progress(id),
    queryFn: ({ signal }) =>
      api.request<typeof coachingProgressSchema>(`/coaching/plans/${id}/progress`, { signal }),
  });
}

/** The agent's weakest items of the campaign since `startTs`. */
export function useCoachingSuggestions(agentId: string, campaignId: string, startTs: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: coachingKeys.suggestions(agentId, campaignId, startTs),
    queryFn: ({ signal }) =>
      api.request<typeof coachingSuggestionsSchema>('/coaching/suggestions', {
        query: { agent_id: agentId, campaign_id: campaignId, startTs },
        signal,
      }),
    enabled: campaignId !== '',
  });
}

/** Keeps the cached plan in step with the server's answer, and the lists and progress fetched again. */
function usePlanCache() {
  const queryClient = useQueryClient();
  return (plan: CoachingPlan) => {
    queryClient.setQueryData(coachingKeys.plan(plan.id), plan);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: ['coaching', 'plans'] }),
      queryClient.invalidateQueries({ queryKey: coachingKeys.progress(plan.id) }),
    ]);
  };
}

export function useCreateCoachingPlan() {
  const { api } = useServices();
  const remember = usePlanCache();
  return useMutation({
    mutationFn: (plan: NewCoachingPlan) =>
      api.request<typeof coachingPlanSchema>('/coaching/plans', { method: 'POST', body: plan }),
    onSuccess: remember,
  });
}

export function useUpdateCoachingPlan(id: string) {
  const { api } = useServices();
  const remember = usePlanCache();
  return useMutation({
    mutationFn: (changes: CoachingPlanChanges) =>
      api.request<typeof coachingPlanSchema>(`/coaching/plans/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: remember,
  });
}

export function useDeleteCoachingPlan(id: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.send(`/coaching/plans/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: coachingKeys.plan(id) });
      return queryClient.invalidateQueries({ queryKey: ['coaching', 'plans'] });
    },
  });
}

export function useAttachCoachingExample(planId: string) {
  const { api } = useServices();
  const remember = usePlanCache();
  return useMutation({
    mutationFn: ({ conversationId, note }: { conversationId: string; note: string }) =>
      api.request<typeof coachingPlanSchema>(`/coaching/plans/${planId}/examples/${conversationId}`, {
        method: 'PUT',
        body: { note },
      }),
    onSuccess: remember,
  });
}

export function useDetachCoachingExample(planId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.send(`/coaching/plans/${planId}/examples/${conversationId}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: coachingKeys.plan(planId) }),
        queryClient.invalidateQueries({ queryKey: ['coaching', 'plans'] }),
      ]),
  });
}

export function useAcknowledgeCoachingPlan() {
  const { api } = useServices();
  const remember = usePlanCache();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<typeof coachingPlanSchema>(`/coaching/plans/${id}/acknowledge`, { method: 'POST' }),
    onSuccess: remember,
  });
}
