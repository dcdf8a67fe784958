// Telling a conversation's readers that its evaluation changed (a person's answer or comment, a validation, a
// launch), so that another page open on it fetches it again. The message is the conversation's usual live message
// with no job in it (`job: null`); the job's own progress messages say when a launched evaluation runs and ends.
import type { Database } from '../db/client';
import { findProgressAudience, publishProgress } from '../jobs/progress';
import type { LiveHub } from '../live/hub';

export async function announceEvaluationChange(
  db: Database,
  hub: LiveHub,
  conversationId: string,
): Promise<void> {
  const audience = await findProgressAudience(db, conversationId);
  if (audience) await publishProgress(db, hub, audience, null);
}
