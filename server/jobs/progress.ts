// Live progress of a conversation's work: the message its readers receive over the live channel when a job
// starts, moves on, ends or fails, and the readers themselves (found once per job run).
import type { JobProgress, JobStatus } from '../../contract/conversations';
import type { Database } from '../db/client';
import { canReadConversation } from '../domain/access/conversations';
import type { LiveHub } from '../live/hub';
import type { JobRow } from './queue';
import { findCampaignAudience, findConversationAccess, findConversationStatus } from './store';

export interface ProgressAudience {
  conversationId: string;
  campaignId: string;
  /** The users who may read the conversation now. */
  userIds: string[];
}

/** Who is told about the conversation's progress; null when the conversation is gone. */
export async function findProgressAudience(
  db: Database,
  conversationId: string,
): Promise<ProgressAudience | null> {
  const conversation = await findConversationAccess(db, conversationId);
  if (!conversation) return null;
  const candidates = await findCampaignAudience(db, conversation.campaignId);
  return {
    conversationId,
    campaignId: conversation.campaignId,
    userIds: candidates
      .filter((user) => canReadConversation(user, conversation, user.isMember))
      .map((user) => user.id),
  };
}

/**
 * Tells the audience where the conversation stands, with the job's state when a job is the news. Inside a
 * transaction the message goes out when it commits, with the state it wrote.
 */
export async function publishProgress(
  db: Database,
  hub: LiveHub,
  audience: ProgressAudience,
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

/** A job's state as the live channel reports it. */
export const toJobProgress = (
  job: Pick<JobRow, 'id' | 'kind'>,
  { status, progress, error = null }: { status: JobStatus; progress: number; error?: string | null },
): JobProgress => ({ job_id: job.id, kind: job.kind, status, progress, error });
