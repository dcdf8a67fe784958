// The worker's SQL beyond the queue itself: a job's failure for good, recorded where it belongs.
import type { JobKind } from '../../contract/jobs';
import type { StatusReason } from '../../contract/conversations';
import type { Database } from '../db/client';
import { markConversationFailed } from '../conversations/store';
import { markEvaluationFailed } from '../evaluations/store';

/**
 * A job has failed for good: an evaluation's failure is the evaluation's (the conversation stays as it was);
 * any other job's is the conversation's.
 */
export async function markWorkFailed(
  db: Database,
  job: { kind: JobKind; conversationId: string },
  failure: { reason: StatusReason; detail: string },
) {
  if (job.kind === 'evaluation') await markEvaluationFailed(db, job.conversationId, failure.detail);
  else await markConversationFailed(db, job.conversationId, failure);
}
