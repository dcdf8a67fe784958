// The review queue from the API: who may review in a campaign, conversations given to a reviewer by hand (a list
// of ids, or the conversation list's selection), the reviewer's queue and progress, a campaign's team, and bulk
// reassignment.
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ConversationFilters, ConversationSummary } from '../../../contract/conversations';
import type {
  campaignReviewersSchema,
  reviewAssignmentPageSchema,
  reviewAssignmentSchema,
  reviewProgressSchema,
  reviewTeamSchema,
  NewReviewAssignments,
  ReviewReassignment,
  reviewRulesSchema,
  ReviewRulesInput,
} from '../../../contract/reviews';
import { maxAssignedAtOnce } from '../../../contract/values/reviews';
import type { ApiClient } from '../api-client';
import type { z } from 'zod';
import { useServices } from '../services-context';
import { readMatchingConversations } from './conversation-list';

export const reviewKeys = {
  reviewers: (campaignId: string) => ['reviews', 'reviewers', campaignId] as const,
  assignments: () => ['reviews', 'assignments'] as const,
  /** Under `assignments()`: whatever changes assignments reads these again too. */
  queue: () => ['reviews', 'assignments', 'queue'] as const,
  progress: (period: ReviewPeriodSeconds) =>
    ['reviews', 'assignments', 'progress', period.from, period.to] as const,
  team: (campaignId: string, period: ReviewPeriodSeconds) =>
    ['reviews', 'assignments', 'team', campaignId, period.from, period.to] as const,
};

/** A period `[from, to)` in unix seconds. */
export interface ReviewPeriodSeconds {
  from: number;
  to: number;
}

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

/** Assignments per page of the queue: a screenful, and the walk's step through it. */
export const reviewQueuePageSize = 50;

export type ReviewAssignmentPage = z.output<typeof reviewAssignmentPageSchema>;

/**
 * The caller's pending assignments, a page at a time, in the queue's order (due time, so overdue first; none
 * last), for "My queue" and the walk through it (services/review-walk/), which share its pages.
 */
export const reviewQueueQuery = (api: ApiClient) => ({
  queryKey: reviewKeys.queue(),
  initialPageParam: undefined as string | undefined,
  queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
    api.request<typeof reviewAssignmentPageSchema>('/reviews/assignments', {
      query: { reviewer: 'me', status: 'pending', limit: reviewQueuePageSize, start_after: pageParam },
      signal,
    }),
  getNextPageParam: (page: ReviewAssignmentPage) => page.next_start_after ?? undefined,
});

/** The caller's review queue. */
export function useReviewQueue() {
  const { api } = useServices();
  return useInfiniteQuery(reviewQueueQuery(api));
}

/** The caller's own counts over the period, in every campaign. */
export function useReviewProgress(period: ReviewPeriodSeconds) {
  const { api } = useServices();
  return useQuery({
    queryKey: reviewKeys.progress(period),
    queryFn: ({ signal }) =>
      api.request<typeof reviewProgressSchema>('/reviews/progress', { query: { ...period }, signal }),
  });
}

/** The campaign's reviewers with their counts over the period (for those who manage its reviews). */
export function useReviewTeam(campaignId: string | null, period: ReviewPeriodSeconds) {
  const { api } = useServices();
  return useQuery({
    queryKey: reviewKeys.team(campaignId ?? '', period),
    enabled: campaignId !== null,
    queryFn: ({ signal }) =>
      api.request<typeof reviewTeamSchema>('/reviews/team', {
        query: { campaign: campaignId ?? '', ...period },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The campaign's pending assignments of one reviewer, or of all, for reassigning them. */
export function useCampaignPendingAssignments(campaignId: string | null, reviewerId: string | null) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: [...reviewKeys.assignments(), 'pending', campaignId ?? '', reviewerId ?? ''] as const,
    enabled: campaignId !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.request<typeof reviewAssignmentPageSchema>('/reviews/assignments', {
        query: {
          campaign: campaignId ?? '',
          status: 'pending',
          ...(reviewerId === null ? {} : { reviewer: reviewerId }),
          limit: reviewQueuePageSize,
          start_after: pageParam,
        },
        signal,
      }),
    getNextPageParam: (page) => page.next_start_after ?? undefined,
  });
}

/** Gives pending assignments of one campaign to another reviewer, all or none; every assignment list is read again. */
export function useReassignAssignments() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewReassignment) =>
      api.request<z.ZodArray<typeof reviewAssignmentSchema>>('/reviews/assignments/reassign', {
        method: 'POST',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.assignments() }),
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
