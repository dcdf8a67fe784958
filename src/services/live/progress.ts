// The pages' hold on the live channel: the latest progress pushed about one conversation, or about a campaign's
// conversations by id, while the cache mappings of the same messages (conversation-cache.ts,
// conversation-list-cache.ts) keep the pages' queries fresh.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { share } from 'rxjs';
import type { ConversationProgress } from '../../../contract/live';
import { useServices } from '../services-context';
import { applyToConversation } from './conversation-cache';
import { followConversationLists } from './conversation-list-cache';
import { campaignMessageBatches, conversationMessages } from './streams';

/** The latest progress pushed about the conversation since the page opened; null before the first. */
export function useConversationProgress(conversationId: string): ConversationProgress | null {
  const { liveMessages } = useServices();
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<ConversationProgress | null>(null);

  useEffect(() => {
    const subscription = conversationMessages(liveMessages, conversationId).subscribe((message) => {
      setLatest(message);
      applyToConversation(queryClient, message);
    });
    return () => subscription.unsubscribe();
  }, [liveMessages, queryClient, conversationId]);

  return latest;
}

/**
 * The latest progress pushed about each of the campaign's conversations since the list opened, by id: a burst of
 * messages updates it, and the cached lists, once.
 */
export function useLiveConversationProgress(
  campaignId: string,
): Readonly<Record<string, ConversationProgress>> {
  const { liveMessages } = useServices();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<string, ConversationProgress>>({});

  useEffect(() => {
    const batches = campaignMessageBatches(liveMessages, campaignId).pipe(share());
    const subscription = followConversationLists(batches, queryClient, campaignId);
    subscription.add(
      batches.subscribe((messages) =>
        setProgress((current) => ({
          ...current,
          ...Object.fromEntries(messages.map((message) => [message.conversation_id, message])),
        })),
      ),
    );
    return () => subscription.unsubscribe();
  }, [campaignId, liveMessages, queryClient]);

  return progress;
}
