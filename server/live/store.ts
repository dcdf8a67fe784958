// The live channel's SQL: who may read a conversation or a campaign (the audience of a live message), and where
// the conversation stands (what its live message says).
import { and, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaignMembers, campaigns, conversations, users } from '../db/schema';

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

/** The conversation's status as its live message says it; null when it is gone. */
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
