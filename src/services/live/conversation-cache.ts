// Which live messages about a conversation make its cached read (`conversationKeys.one`) stale. An evaluation
// job's own messages are left to the evaluation flow, which reads the result itself when the job ends.
import type { QueryClient } from '@tanstack/react-query';
import type { Conversation } from '../../../contract/conversations';
import type { ConversationProgress } from '../../../contract/live';
import { conversationKeys } from '../queries/conversations';

/**
 * True when the cached conversation no longer says what the server has: its status moved on, a person changed or
 * validated its evaluation (a message with no job), another job's work moved on, or an evaluation was queued (the
 * queued evaluation replaces the shown one). An evaluation job that runs or ends is followed by the evaluation flow.
 */
export function makesConversationStale(
  message: ConversationProgress,
  cached: Pick<Conversation, 'status'> | undefined,
): boolean {
  if (cached && cached.status !== message.status) return true;
  const { job } = message;
  return job === null || job.kind !== 'evaluation' || job.status === 'queued';
}

/** Reads the conversation again if the message makes its cached read stale (only a shown read is fetched). */
export function applyToConversation(queryClient: QueryClient, message: ConversationProgress): void {
  const queryKey = conversationKeys.one(message.conversation_id);
  if (makesConversationStale(message, queryClient.getQueryData<Conversation>(queryKey))) {
    void queryClient.invalidateQueries({ queryKey, exact: true });
  }
}
