// The walk through the reviewer's queue (decision 0209): their pending assignments in the queue's order, shared
// with "My queue" through the query cache, the total from the API. A validated conversation leaves the pending
// queue while it is shown: it keeps its place and the total it was shown with, and the one that took its place is
// the next. Opened on its own, the walk reads up to `walkSearchPages` pages looking for the conversation; not in
// the queue, it shows no position and its next is the first pending conversation.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reviewQueueQuery } from '../queries/reviews';
import { useServices } from '../services-context';
import type { ReviewWalk } from './review-walk-context';
import { useWalkAnchor } from './use-walk-anchor';
import { conversationOnWalk, queueAddress } from './walk-address';
import { queueWalkIds, walkState } from './walk-step';

const walk = { kind: 'queue' as const };

export function useQueueWalk(conversationId: string): ReviewWalk {
  const { api } = useServices();
  // Read again whenever an evaluation is validated (the evaluation machine's actors): no need on each mount.
  const queue = useInfiniteQuery({ ...reviewQueueQuery(api), refetchOnMount: false });
  const pages = queue.data?.pages ?? [];
  const ids = queueWalkIds(pages);
  const total = pages[0]?.total ?? null;
  const anchor = useWalkAnchor(ids.indexOf(conversationId), total);
  const step = walkState(
    { ids, pages: pages.length, loaded: queue.isSuccess, hasMore: queue.hasNextPage, failed: queue.isError },
    conversationId,
    anchor?.index ?? null,
  );
  const { loadMore, lost } = step;

  const { fetchNextPage, isFetchingNextPage } = queue;
  useEffect(() => {
    if (loadMore && !isFetchingNextPage) void fetchNextPage();
  }, [loadMore, isFetchingNextPage, fetchNextPage]);

  const nextId = step.nextId ?? (lost ? (ids.find((id) => id !== conversationId) ?? null) : null);
  return {
    source: 'queue',
    position: step.position,
    total: anchor?.total ?? total,
    nextHref: nextId === null ? null : conversationOnWalk(nextId, walk),
    previousHref: step.previousId === null ? null : conversationOnWalk(step.previousId, walk),
    backHref: queueAddress,
  };
}
