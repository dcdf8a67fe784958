// The review queue from the API: who may review in a campaign, and conversations given to a reviewer by hand.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  campaignReviewersSchema,
  reviewAssignmentSchema,
  NewReviewAssignments,
  reviewRulesSchema,
  ReviewRulesInput,
} from '../../../contract/reviews';
import type { z } from 'zod';
import { useServices } from '../services-context';

export const reviewKeys = {
  reviewers: (campaignId: string) => ['reviews', 'reviewers', campaignId] as const,
  assignments: () => ['reviews', 'assignments'] as const,
};

/** The people who may review in the campaign, by name (for those who manage its reviews). */
export function useCampaignReviewers(campaignId: string, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: reviewKeys.reviewers(campaignId),
    enabled,
    queryFn: ({ signal }) =>
      api.request<typeof campaignReviewersSchema>(`/campaigns/${campaignId}/reviewers`, { signal }),
  });
}

/** Gives conversations of one campaign to a reviewer; every assignment list is read again. */
export function useAssignConversations() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewReviewAssignments) =>
      api.request<z.ZodArray<typeof reviewAssignmentSchema>>('/reviews/assignments', {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.assignments() }),
  });
}

export const reviewRuleKeys = {
  rules: (campaignId: string) => ['reviews', 'rules', campaignId] as const,
};

/** The campaign's sampling rules, in their order (for those who may edit its settings). */
export function useReviewRules(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: reviewRuleKeys.rules(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof reviewRulesSchema>(`/campaigns/${campaignId}/review-rules`, { signal }),
  });
}

/**
 * Writes the campaign's whole set of rules (a rule left out is deleted); the answer becomes the stored set. A
 * refusal may mean someone chosen no longer reviews there, so the campaign's reviewers are read again.
 */
export function useReplaceReviewRules(campaignId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ReviewRulesInput) =>
      api.request<typeof reviewRulesSchema>(`/campaigns/${campaignId}/review-rules`, {
        method: 'PUT',
        body: rules,
      }),
    onSuccess: (rules) => queryClient.setQueryData(reviewRuleKeys.rules(campaignId), rules),
    onError: () => queryClient.invalidateQueries({ queryKey: reviewKeys.reviewers(campaignId) }),
  });
}
