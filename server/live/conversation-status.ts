// A conversation's live message: where it stands, with the state of its job when a job is the news, sent to the
// conversation's audience when a job starts, moves on, ends or fails, or when its evaluation changes.
import type { JobKind, JobProgress, JobStatus } from '../../contract/jobs';
import type { Database } from '../db/client';
import { findConversationAudience, type ConversationAudience } from './audience';
import type { LiveHub } from './hub';
import { findConversationStatus } from './store';

/**
 * Tells the audience where the conversation stands, with the job's state when a job is the news. Inside a
 * transaction the message goes out when it commits, with the state it wrote.
 */
export async function publishConversationStatus(
  db: Database,
  hub: LiveHub,
  audience: ConversationAudience,
  job: JobProgress | null,
): Promise<void> {
  const conversation = await findConversationStatus(db, audience.conversationId);
  if (!conversation || audience.userIds.length === 0) return;
  await hub.publishToUsers(db, audience.userIds, {
    type: 'conversation',
    conversation_id: audience.conversationId,
    campaign_id: audience.campaignId,
    status: conversation.status,
    status_reason: conversation.statusReason,
    status_detail: conversation.statusDetail,
    job,
  });
}

/**
 * Finds who may read the conversation now and tells them where it stands: for an action that tells its audience
 * nothing else (a launch, a validation). A person's change, which also matches alerts, finds the audience once
 * and calls `publishConversationStatus` itself.
 */
export async function announceConversationStatus(
  db: Database,
  hub: LiveHub,
  conversationId: string,
  job: JobProgress | null,
): Promise<void> {
  const audience = await findConversationAudience(db, conversationId);
  if (audience) await publishConversationStatus(db, hub, audience, job);
}

/** A job's state as the live channel reports it. */
export const toJobProgress = (
  job: { id: string; kind: JobKind },
  { status, progress, error = null }: { status: JobStatus; progress: number; error?: string | null },
): JobProgress => ({ job_id: job.id, kind: job.kind, status, progress, error });
