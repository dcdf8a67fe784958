// Launching a call's transcription: the call waits for its transcript, the pipeline queues the job again, and the
// people who read the call are told, all when the change commits.
import type { ConversationPipeline } from '../../context';
import type { Database } from '../../db/client';
import { findConversationAudience } from '../../live/audience';
import { publishConversationStatus, toJobProgress } from '../../live/conversation-status';
import type { LiveHub } from '../../live/hub';
import { findConversationRow, markTranscribing } from './store';

export async function launchTranscription(
  {
    db,
    hub,
    pipeline,
  }: { db: Database; hub: LiveHub; pipeline: Pick<ConversationPipeline, 'relaunchTranscription'> },
  conversationId: string,
) {
  await db.transaction(async (tx) => {
    await markTranscribing(tx, conversationId);
    const job = await pipeline.relaunchTranscription(tx, conversationId);
    const audience = await findConversationAudience(tx, conversationId);
    if (audience)
      await publishConversationStatus(
        tx,
        hub,
        audience,
        toJobProgress(job, { status: 'queued', progress: 0 }),
      );
  });
  return findConversationRow(db, conversationId);
}
