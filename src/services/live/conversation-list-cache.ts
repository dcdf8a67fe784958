// What live messages do to a campaign's cached conversation lists (`conversationListKeys.ofCampaign`): each batch
// of messages sets the status of their rows in every cached page at once; the lists and their counts reload, once
// for a burst of news, when conversations become ready (their language, sentiment and topics now known) or when
// one not listed moves (just added, by an upload here or elsewhere).
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { debounceTime, filter, mergeMap, Subscription, type Observable } from 'rxjs';
import type { ConversationProgress } from '../../../contract/live';
import type { ConversationSummary } from '../../../contract/conversations';
import { conversationListKeys, type ConversationPage } from '../queries/conversation-list';

/** How long news that needs a reload (a conversation ready, or not listed yet) gathers before one reload. */
const reloadAfterNewsMs = 1000;

const withStatus = (
  row: ConversationSummary,
  latest: ReadonlyMap<string, ConversationProgress>,
): ConversationSummary => {
  const progress = latest.get(row.id);
  return progress
    ? {
        ...row,
        status: progress.status,
        status_reason: progress.status_reason,
        status_detail: progress.status_detail,
      }
    : row;
};

/** Cached list pages with the status the live messages (oldest first) give their conversations, wherever listed. */
export const withProgress = (
  data: InfiniteData<ConversationPage> | undefined,
  messages: readonly ConversationProgress[],
): InfiniteData<ConversationPage> | undefined => {
  const latest = new Map(messages.map((message) => [message.conversation_id, message]));
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.map((row) => withStatus(row, latest)) })),
    }
  );
};

/** Whether the conversation is a row of the cached list pages. */
export const isListed = (data: InfiniteData<ConversationPage> | undefined, conversationId: string): boolean =>
  data?.pages.some((page) => page.items.some((row) => row.id === conversationId)) ?? false;

/** Applies the campaign's message batches to its cached lists until unsubscribed. */
export function followConversationLists(
  campaignBatches: Observable<ConversationProgress[]>,
  queryClient: QueryClient,
  campaignId: string,
): Subscription {
  const listKey = conversationListKeys.ofCampaign(campaignId);
  const listed = (conversationId: string) =>
    queryClient
      .getQueriesData<InfiniteData<ConversationPage>>({ queryKey: listKey })
      .some(([, data]) => isListed(data, conversationId));
  const subscription = new Subscription();
  subscription.add(
    campaignBatches.subscribe((messages) =>
      queryClient.setQueriesData<InfiniteData<ConversationPage>>({ queryKey: listKey }, (data) =>
        withProgress(data, messages),
      ),
    ),
  );
  subscription.add(
    campaignBatches
      .pipe(
        mergeMap((messages) => messages),
        filter((message) => message.status === 'ready' || !listed(message.conversation_id)),
        debounceTime(reloadAfterNewsMs),
      )
      .subscribe(() => {
        void queryClient.invalidateQueries({ queryKey: listKey });
        void queryClient.invalidateQueries({ queryKey: conversationListKeys.countOfCampaign(campaignId) });
      }),
  );
  return subscription;
}
