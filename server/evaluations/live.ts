// Telling a conversation's readers that its evaluation changed (a validation, a launch; a person's answer or
// comment tells them in its own transaction), so that another page open on it fetches it again. The message is
// the conversation's usual live message with no job in it (`job: null`); the job's own progress messages say
// when a launched evaluation runs and ends.
import type { Database } from '../db/client';
import { findConversationAudience } from '../live/audience';
import { publishConversationStatus } from '../live/conversation-status';
import type { LiveHub } from '../live/hub';

export async function announceEvaluationChange(
  db: Database,
  hub: LiveHub,
  conversationId: string,
): Promise<void> {
  const audience = await findConversationAudience(db, conversationId);
  if (audience) await publishConversationStatus(db, hub, audience, null);
}
