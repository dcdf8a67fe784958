// A campaign's conversations, from the API, for the conversation list: pages one after another, the metadata
// keys and the validators to filter by, and the live progress of the work on the conversations listed.
import {
  keepPreviousData,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { debounceTime, filter } from 'rxjs';
import { pageSchema } from '../../../contract/common';
import {
  conversationMetadataKeysSchema,
  conversationSummarySchema,
  conversationValidatorsSchema,
  type ConversationFilters,
  type ConversationProgress,
  type ConversationSummary,
  type conversationSorts,
} from '../../../contract/conversations';
import type { LiveMessage } from '../../../contract/notifications';
import { filtersParam } from '../filters/conversation-filters';
import { useServices } from '../services-context';

export type ConversationSort = (typeof conversationSorts)[number];

/** Rows per page: a screenful and more, few enough that the first page comes fast. */
export const conversationPageSize = 50;

const conversationPageSchema = pageSchema(conversationSummarySchema);
export type ConversationPage = ReturnType<typeof conversationPageSchema.parse>;

export const conversationListKeys = {
  ofCampaign: (campaignId: string) => ['conversations', 'list', campaignId] as const,
  list: (campaignId: string, sort: ConversationSort, filters: string | undefined) =>
    ['conversations', 'list', campaignId, sort, filters ?? ''] as const,
  metadata: (campaignId: string) => ['conversations', 'metadata', campaignId] as const,
  validators: (campaignId: string) => ['conversations', 'validators', campaignId] as const,
};

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
    queryKey: conversationListKeys.list(campaignId, sort, param),
    enabled: filters !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api.request(`/campaigns/${campaignId}/conversations`, conversationPageSchema, {
        query: { sort, limit: conversationPageSize, start_after: pageParam, filters: param },
        signal,
      }),
    getNextPageParam: (page) => page.next_start_after ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
    placeholderData: keepPreviousData,
  });
}

/** The metadata keys found in the campaign's conversations, with their values. */
export function useConversationMetadata(campaignId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: conversationListKeys.metadata(campaignId),
    queryFn: ({ signal }) =>
      api.request(`/campaigns/${campaignId}/conversations/metadata`, conversationMetadataKeysSchema, {
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
      api.request(`/campaigns/${campaignId}/conversations/validators`, conversationValidatorsSchema, {
        signal,
      }),
  });
}

/** How long news that needs a reload (a conversation ready, or not listed yet) gathers before one reload. */
const reloadAfterNewsMs = 1000;

const withStatus = (row: ConversationSummary, progress: ConversationProgress): ConversationSummary =>
  row.id === progress.conversation_id
    ? {
        ...row,
        status: progress.status,
        status_reason: progress.status_reason,
        status_detail: progress.status_detail,
      }
    : row;

/** Cached list pages with the status a live message gives its conversation, wherever it is listed. */
export const withProgress = (
  data: InfiniteData<ConversationPage> | undefined,
  progress: ConversationProgress,
): InfiniteData<ConversationPage> | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map((row) => withStatus(row, progress)) })),
  };

/** Whether the conversation is a row of the cached list pages. */
export const isListed = (data: InfiniteData<ConversationPage> | undefined, conversationId: string): boolean =>
  data?.pages.some((page) => page.items.some((row) => row.id === conversationId)) ?? false;

/**
 * Follows the live channel for the campaign's conversations: each message sets the status of its row in every
 * cached list at once, and answers the latest progress by conversation id. The lists reload, once for a burst of
 * news, when conversations become ready (their language, sentiment and topics now known) or when one not listed
 * moves (just added, by an upload here or elsewhere).
 */
export function useLiveConversationProgress(
  campaignId: string,
): Readonly<Record<string, ConversationProgress>> {
  const { liveMessages } = useServices();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<string, ConversationProgress>>({});

  useEffect(() => {
    const listKey = conversationListKeys.ofCampaign(campaignId);
    const ofCampaign = liveMessages.pipe(
      filter(
        (message: LiveMessage): message is ConversationProgress =>
          message.type === 'conversation' && message.campaign_id === campaignId,
      ),
    );
    const updates = ofCampaign.subscribe((message) => {
      queryClient.setQueriesData<InfiniteData<ConversationPage>>({ queryKey: listKey }, (data) =>
        withProgress(data, message),
      );
      setProgress((current) => ({ ...current, [message.conversation_id]: message }));
    });
    const listed = (conversationId: string) =>
      queryClient
        .getQueriesData<InfiniteData<ConversationPage>>({ queryKey: listKey })
        .some(([, data]) => isListed(data, conversationId));
    const reloads = ofCampaign
      .pipe(
        filter((message) => message.status === 'ready' || !listed(message.conversation_id)),
        debounceTime(reloadAfterNewsMs),
      )
      .subscribe(() => void queryClient.invalidateQueries({ queryKey: listKey }));
    return () => {
      updates.unsubscribe();
      reloads.unsubscribe();
    };
  }, [campaignId, liveMessages, queryClient]);

  return progress;
}
