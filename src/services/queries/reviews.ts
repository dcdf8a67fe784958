// The review queue from the API: who may review in a campaign, and conversations given to a reviewer by hand (a
// list of ids, or the conversation list's selection).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationFilters, ConversationSummary } from '../../../contract/conversations';
import type {
  campaignReviewersSchema,
  reviewAssignmentSchema,
  NewReviewAssignments,
} from '../../../contract/reviews';
import { maxAssignedAtOnce } from '../../../contract/values/reviews';
import type { z } from 'zod';
import { useServices } from '../services-context';
import { readMatchingConversations } from './conversation-list';

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

/** Conversations picked on the list: those rows, or every one matching the list's filters. */
export type ConversationSelection =
  | { kind: 'rows'; conversations: readonly ConversationSummary[] }
  | { kind: 'matching'; filters: ConversationFilters };

export interface SelectionAssignment {
  selection: ConversationSelection;
  reviewerId: string;
  dueAt: number | null;
}

/**
 * What became of a selection given to a reviewer: how many were assigned, how many were left out because the
 * reviewer is their agent (never given to them), or, for every matching conversation, too many to give at once.
 */
export type SelectionAssigned =
  { outcome: 'assigned'; assigned: number; ownAgent: number } | { outcome: 'tooMany' };

/**
 * Gives the list's selection to a reviewer in one hand assignment: every matching conversation is read first (at
 * most as many as one assignment takes); the reviewer's own conversations as agent are left out beforehand, so
 * that the rest is not refused with them.
 */
export function useAssignSelection(campaignId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ selection, reviewerId, dueAt }: SelectionAssignment): Promise<SelectionAssigned> => {
      const conversations =
        selection.kind === 'rows'
          ? selection.conversations
          : await readMatchingConversations(api, campaignId, selection.filters, maxAssignedAtOnce);
      if (conversations === null || conversations.length > maxAssignedAtOnce) return { outcome: 'tooMany' };
      const given = conversations.filter((conversation) => conversation.agent?.id !== reviewerId);
      const ownAgent = conversations.length - given.length;
      if (given.length === 0) return { outcome: 'assigned', assigned: 0, ownAgent };
      const body: NewReviewAssignments = {
        conversation_ids: given.map((conversation) => conversation.id),
        reviewer_id: reviewerId,
        due_at: dueAt,
      };
      const created = await api.request<z.ZodArray<typeof reviewAssignmentSchema>>('/reviews/assignments', {
        method: 'POST',
        body,
      });
      return { outcome: 'assigned', assigned: created.length, ownAgent };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.assignments() }),
  });
}
