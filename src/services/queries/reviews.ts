// The review queue from the API: who may review in a campaign, conversations given to a reviewer by hand, the
// reviewer's queue and progress, a campaign's team, and bulk reassignment.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  campaignReviewersSchema,
  reviewAssignmentPageSchema,
  reviewAssignmentSchema,
  reviewProgressSchema,
  reviewTeamSchema,
  NewReviewAssignments,
  ReviewReassignment,
} from '../../../contract/reviews';
import type { ApiClient } from '../api-client';
import type { z } from 'zod';
import { useServices } from '../services-context';

export const reviewKeys = {
  reviewers: (campaignId: string) => ['reviews', 'reviewers', campaignId] as const,
  assignments: () => ['reviews', 'assignments'] as const,
  /** Under `assignments()`: whatever changes assignments reads these again too. */
  queue: () => ['reviews', 'assignments', 'queue'] as const,
  progress: (period: ReviewPeriodSeconds) => ['reviews', 'assignments', 'progress', period.from, period.to] as const,
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
