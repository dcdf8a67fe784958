// A campaign's conversations, from the API, for the conversation list: pages one after another, how many match,
// every matching one at once (for a selection of them all), the metadata keys and the validators to filter by
// (the live channel's changes to the pages are in services/live/).
import type { z } from 'zod';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  conversationCountSchema,
  conversationMetadataKeysSchema,
  conversationSummarySchema,
  conversationValidatorsSchema,
  ConversationFilters,
  ConversationSummary,
} from '../../../contract/conversations';
import type { conversationSorts } from '../../../contract/values/conversations';
import { filtersParam } from '../filters/conversation-filters';
import type { ApiClient, PageSchema } from '../api-client';
import { useServices } from '../services-context';

export type ConversationSort = (typeof conversationSorts)[number];

/** Rows per page: a screenful and more, few enough that the first page comes fast. */
export const conversationPageSize = 50;

type ConversationPageSchema = PageSchema<typeof conversationSummarySchema>;
export type ConversationPage = z.output<ConversationPageSchema>;

export const conversationListKeys = {
  ofCampaign: (campaignId: string) => ['conversations', 'list', campaignId] as const,
  list: (campaignId: string, sort: ConversationSort, filters: string | undefined) =>
    ['conversations', 'list', campaignId, sort, filters ?? ''] as const,
  /** Apart from the lists' pages, which the live channel rewrites in place. */
  countOfCampaign: (campaignId: string) => ['conversations', 'count', campaignId] as const,
  count: (campaignId: string, filters: string | undefined) =>
    ['conversations', 'count', campaignId, filters ?? ''] as const,
  metadata: (campaignId: string) => ['conversations', 'metadata', campaignId] as const,
  validators: (campaignId: string) => ['conversations', 'validators', campaignId] as const,
};

/**
 * The list's query, for the list and for the review walk through it (services/review-walk/), which share its
 * pages: `param` is the filters' `filtersParam`.
 */
export const conversationListQuery = (
  api: ApiClient,
  campaignId: string,
  sort: ConversationSort,
  param: string | undefined,
) => ({
  queryKey: conversationListKeys.list(campaignId, sort, param),
  initialPageParam: undefined as string | undefined,
  queryFn: ({ pageParam, signal }: { pageParam: string | undefined; signal: AbortSignal }) =>
    api.request<ConversationPageSchema>(`/campaigns/${campaignId}/conversations`, {
      query: { sort, limit: conversationPageSize, start_after: pageParam, filters: param },
      signal,
    }),
  getNextPageParam: (page: ConversationPage) => page.next_start_after ?? undefined,
});

/**
 * The campaign's conversations matching `filters`, in `sort` order, a page at a time (keyset: each page starts
 * after the last row of the one before). Nothing is asked while `filters` is null (not read yet). While other
 * filters or another order load, the rows of the previous ones stay as placeholders.
 */
export function useConversationList(
  campaignId: string,
  sort: ConversationSort,
  filters: ConversationFilters | null,
) {
  const { api } = useServices();
  const param = filters ? filtersParam(filters) : undefined;
  return useInfiniteQuery({
    ...conversationListQuery(api, campaignId, sort, param),
    enabled: filters !== null,
    select: (data) => data.pages.flatMap((page) => page.items),
    placeholderData: keepPreviousData,
  });
}

/**
 * How many of the campaign's conversations match `filters`: exact up to the server's cap, else the cap with
 * `exact` false. Asked beside the first page, never before it; nothing while `filters` is null.
 */
export function useConversationCount(campaignId: string, filters: ConversationFilters | null) {
  const { api } = useServices();
  const param = filters ? filtersParam(filters) : undefined;
  return useQuery({
    ...conversationCountQuery(api, campaignId, param),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
  });
}

/** The count's query, for the list and for the review walk through it. */
export const conversationCountQuery = (api: ApiClient, campaignId: string, param: string | undefined) => ({
  queryKey: conversationListKeys.count(campaignId, param),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.request<typeof conversationCountSchema>(`/campaigns/${campaignId}/conversations/count`, {
      query: { filters: param },
      signal,
    }),
});

/** The metadata keys found in the campaign's conversations, with their values. */
export function useConversationMetadata(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: conversationListKeys.metadata(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof conversationMetadataKeysSchema>(`/campaigns/${campaignId}/conversations/metadata`, {
        signal,
      }),
  });
}

/** Who validated at least one of the campaign's conversations, by name. */
export function useConversationValidators(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: conversationListKeys.validators(campaignId),
    queryFn: ({ signal }) =>
      api.request<typeof conversationValidatorsSchema>(`/campaigns/${campaignId}/conversations/validators`, {
        signal,
      }),
  });
}

/** The most rows one page of the list may hold (the API's largest `limit`). */
const largestPage = 200;

/**
 * Every conversation of the campaign matching `filters`, read page after page, up to `most`; null when more
 * match (a hand assignment of every matching conversation takes at most that many).
 */
export async function readMatchingConversations(
  api: ApiClient,
  campaignId: string,
  filters: ConversationFilters,
  most: number,
): Promise<ConversationSummary[] | null> {
  const found: ConversationSummary[] = [];
  let startAfter: string | undefined;
  do {
    const page = await api.request<ConversationPageSchema>(`/campaigns/${campaignId}/conversations`, {
      query: { limit: largestPage, start_after: startAfter, filters: filtersParam(filters) },
    });
    found.push(...page.items);
    if (found.length > most) return null;
    startAfter = page.next_start_after ?? undefined;
  } while (startAfter !== undefined);
  return found;
}
