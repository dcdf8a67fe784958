// Provides the walk the conversation's address names (walk-address.ts) to the review screen; without one, none.
import type { ReactNode } from 'react';
import { useSearch } from 'wouter';
import type { ConversationSort } from '../queries/conversation-list';
import { ReviewWalkContext } from './review-walk-context';
import { useListWalk } from './use-list-walk';
import { useQueueWalk } from './use-queue-walk';
import { walkOf } from './walk-address';

interface ShownConversation {
  conversationId: string;
  campaignId: string;
  children: ReactNode;
}

function ListWalk({
  sort,
  conversationId,
  campaignId,
  children,
}: ShownConversation & { sort: ConversationSort }) {
  const walk = useListWalk(campaignId, conversationId, sort);
  return <ReviewWalkContext.Provider value={walk}>{children}</ReviewWalkContext.Provider>;
}

function QueueWalk({ conversationId, children }: ShownConversation) {
  const walk = useQueueWalk(conversationId);
  return <ReviewWalkContext.Provider value={walk}>{children}</ReviewWalkContext.Provider>;
}

export function ReviewWalkProvider(props: ShownConversation) {
  const walk = walkOf(useSearch());
  if (walk?.kind === 'list') return <ListWalk {...props} sort={walk.sort} />;
  if (walk?.kind === 'queue') return <QueueWalk {...props} />;
  return props.children;
}
