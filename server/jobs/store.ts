// The worker's SQL beyond the queue itself: who reads a conversation (the audience of its progress), where the
// conversation stands, and its failure.
import { and, eq, or, sql } from 'drizzle-orm';
import type { JobKind, StatusReason } from '../../contract/conversations';
import type { Database } from '../db/client';
import { campaignMembers, campaigns, conversations, users } from '../db/schema';
import { markEvaluationFailed } from '../evaluations/store';

/** The conversation's campaign and what the access rules need to know about it; null when it is gone. */
export async function findConversationAccess(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      campaignId: conversations.campaignId,
      agentId: conversations.agentId,
      organisationId: campaigns.organisationId,
      isTest: conversations.isTest,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

/** The active users who may read the campaign's conversations: its members and the admins, with which is which. */
export function findCampaignAudience(db: Database, campaignId: string) {
  const isMember = sql<boolean>`${campaignMembers.userId} is not null`;
  return db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      role: users.role,
      organisationId: users.organisationId,
      status: users.status,
      isMember,
    })
    .from(users)
    .leftJoin(
      campaignMembers,
      and(eq(campaignMembers.userId, users.id), eq(campaignMembers.campaignId, campaignId)),
    )
    .where(and(eq(users.status, 'active'), or(eq(users.isAdmin, true), isMember)));
}

export async function findConversationStatus(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      status: conversations.status,
      statusReason: conversations.statusReason,
      statusDetail: conversations.statusDetail,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

/** The conversation's work has ended in failure: its status says so, with the reason and its detail. */
export async function markConversationFailed(
  db: Database,
  conversationId: string,
  { reason, detail }: { reason: StatusReason; detail: string },
) {
  await db
    .update(conversations)
    .set({ status: 'failed', statusReason: reason, statusDetail: detail })
    .where(eq(conversations.id, conversationId));
}

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
