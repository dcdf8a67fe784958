// The live progress of the work on one conversation (transcription, analysis), from the live channel: the latest
// message about it, and a fresh read of the conversation whenever its status moves on.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { filter } from 'rxjs';
import type { Conversation, ConversationProgress } from '../../../contract/conversations';
import type { LiveMessage } from '../../../contract/notifications';
import { useServices } from '../services-context';
import { conversationKeys } from './conversations';

const isProgressOf =
  (conversationId: string) =>
  (message: LiveMessage): message is ConversationProgress =>
    message.type === 'conversation' && message.conversation_id === conversationId;

/** The latest progress pushed about the conversation since the page opened; null before the first. */
export function useConversationProgress(conversationId: string): ConversationProgress | null {
  const { liveMessages } = useServices();
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<ConversationProgress | null>(null);

  useEffect(() => {
    const subscription = liveMessages.pipe(filter(isProgressOf(conversationId))).subscribe((progress) => {
      setLatest(progress);
      const shown = queryClient.getQueryData<Conversation>(conversationKeys.one(conversationId));
      if (shown && shown.status !== progress.status) {
        void queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId), exact: true });
      }
    });
    return () => subscription.unsubscribe();
  }, [liveMessages, queryClient, conversationId]);

  return latest;
}
