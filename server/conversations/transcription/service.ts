// Launching a call's transcription: the call waits for its transcript, the job is (re)queued, and the people who
// read the call are told, all when the change commits.
import type { Database } from '../../db/client';
import { findProgressAudience, publishProgress, toJobProgress } from '../../jobs/progress';
import type { LiveHub } from '../../live/hub';
import { findConversationRow, queueTranscription } from './store';

export async function launchTranscription(db: Database, hub: LiveHub, conversationId: string) {
  await db.transaction(async (tx) => {
    const job = await queueTranscription(tx, conversationId);
    const audience = await findProgressAudience(tx, conversationId);
    if (audience)
      await publishProgress(tx, hub, audience, toJobProgress(job, { status: 'queued', progress: 0 }));
  });
  return findConversationRow(db, conversationId);
}
