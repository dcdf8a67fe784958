// The walk through a campaign's conversation list (decision 0209): the list's own pages and count from the query
// cache (the live follower keeps them fresh), the next page loaded when the walk reaches the last loaded row, and,
// opened on its own, up to `walkSearchPages` pages read looking for the conversation; past them, or when it is not
// in the list, its neighbours are asked for in the list's order, with no position shown.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { conversationSummarySchema, ConversationSummary } from '../../../contract/conversations';
import type { PageSchema } from '../api-client';
import { filtersParam } from '../filters/conversation-filters';
import {
  conversationCountQuery,
  conversationListQuery,
  type ConversationPage,
  type ConversationSort,
} from '../queries/conversation-list';
import { useServices } from '../services-context';
import type { ReviewWalk } from './review-walk-context';
import { useWalkAnchor } from './use-walk-anchor';
import { useWalkFilters } from './use-walk-filters';
import { conversationOnWalk, listAddress } from './walk-address';
import { listWalkIds, walkState } from './walk-step';

const reversed: Record<ConversationSort, ConversationSort> = {
  started_at_desc: 'started_at_asc',
  started_at_asc: 'started_at_desc',
};

/** The conversation right after `conversationId` in `sort` order among those matching the filters. */
function useNeighbour(
  campaignId: string,
  sort: ConversationSort,
  param: string | undefined,
  conversationId: string,
  enabled: boolean,
) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['conversations', 'neighbour', campaignId, sort, param ?? '', conversationId] as const,
    enabled,
    queryFn: ({ signal }) =>
      api.request<PageSchema<typeof conversationSummarySchema>>(`/campaigns/${campaignId}/conversations`, {
        query: { sort, limit: 1, start_after: conversationId, filters: param },
        signal,
      }),
    select: (page: ConversationPage): ConversationSummary | null => page.items[0] ?? null,
    retry: false,
  });
}

export function useListWalk(campaignId: string, conversationId: string, sort: ConversationSort): ReviewWalk {
  const { api } = useServices();
  const filters = useWalkFilters(campaignId);
  const param = filters ? filtersParam(filters) : undefined;
  const list = useInfiniteQuery({
    ...conversationListQuery(api, campaignId, sort, param),
    enabled: filters !== null,
    // The live follower keeps the pages fresh: reading them all again at each conversation would slow every step.
    refetchOnMount: false,
  });
  const count = useQuery({
    ...conversationCountQuery(api, campaignId, param),
    enabled: filters !== null,
    refetchOnMount: false,
  });
  const pages = list.data?.pages ?? [];
  const ids = listWalkIds(pages);
  const total = count.data?.exact ? count.data.count : null;
  const anchor = useWalkAnchor(ids.indexOf(conversationId), total);
  const step = walkState(
    { ids, pages: pages.length, loaded: list.isSuccess, hasMore: list.hasNextPage, failed: list.isError },
    conversationId,
    anchor?.index ?? null,
  );
  const { loadMore, lost } = step;
  const next = useNeighbour(campaignId, sort, param, conversationId, lost);
  const previous = useNeighbour(campaignId, reversed[sort], param, conversationId, lost);

  const { fetchNextPage, isFetchingNextPage } = list;
  useEffect(() => {
    if (loadMore && !isFetchingNextPage) void fetchNextPage();
  }, [loadMore, isFetchingNextPage, fetchNextPage]);

  const walk = { kind: 'list' as const, sort };
  const nextId = step.nextId ?? (lost ? (next.data?.id ?? null) : null);
  const previousId = step.previousId ?? (lost ? (previous.data?.id ?? null) : null);
  return {
    source: 'list',
    position: step.position,
    total: step.position === null ? total : (anchor?.total ?? total),
    nextHref: nextId === null ? null : conversationOnWalk(nextId, walk),
    previousHref: previousId === null ? null : conversationOnWalk(previousId, walk),
    backHref: listAddress(campaignId, sort),
  };
}
