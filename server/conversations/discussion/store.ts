// Discussion's SQL: what the access rules need to know about a conversation and the people a message involves,
// storing a message, and reading the discussion with the people it may mention.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { newId } from '../../db/ids';
import { campaignMembers, campaigns, conversations, discussionMessages, users } from '../../db/schema';
import { NotFound } from '../../errors';

/**
 * The conversation with its campaign's organisation, which of `userIds` are members of its campaign, and the
 * mentioned users as the access rules see them; 404 when there is no such conversation.
 */
export async function findDiscussionAudience(
  db: Database,
  conversationId: string,
  { authorId, mentions }: { authorId: string; mentions: string[] },
) {
  const [conversation] = await db
    .select({
      id: conversations.id,
      campaignId: conversations.campaignId,
      agentId: conversations.agentId,
      organisationId: campaigns.organisationId,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(eq(conversations.id, conversationId));
  if (!conversation) throw new NotFound('Conversation');

  const members = await db
    .select({ userId: campaignMembers.userId })
    .from(campaignMembers)
    .where(
      and(
        eq(campaignMembers.campaignId, conversation.campaignId),
        inArray(campaignMembers.userId, [authorId, ...mentions]),
      ),
    );
  const mentionedUsers =
    mentions.length > 0
      ? await db
          .select({
            id: users.id,
            isAdmin: users.isAdmin,
            role: users.role,
            organisationId: users.organisationId,
            status: users.status,
          })
          .from(users)
          .where(inArray(users.id, mentions))
      : [];
  return { conversation, memberIds: new Set(members.map((member) => member.userId)), mentionedUsers };
}

export async function insertDiscussionMessage(
  db: Database,
  message: { conversationId: string; authorId: string; body: string; mentions: string[] },
) {
  const [row] = await db
    .insert(discussionMessages)
    .values({ id: newId(), ...message })
    .returning();
  if (!row) throw new Error('The discussion message was not stored');
  return row;
}

/** The conversation's messages and its campaign's members, as `GET /conversations/{id}/discussion` needs. */
export async function findDiscussion(db: Database, conversation: { id: string; campaignId: string }) {
  const [messages, members] = await Promise.all([
    listDiscussionMessages(db, conversation.id),
    listCampaignMemberUsers(db, conversation.campaignId),
  ]);
  return { messages, members };
}

/** The campaign's members as the access rules see them, with their names, by name. */
function listCampaignMemberUsers(db: Database, campaignId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      isAdmin: users.isAdmin,
      role: users.role,
      organisationId: users.organisationId,
      status: users.status,
    })
    .from(campaignMembers)
    .innerJoin(users, eq(users.id, campaignMembers.userId))
    .where(eq(campaignMembers.campaignId, campaignId))
    .orderBy(asc(users.name), asc(users.id));
}

export type DiscussionMessageRow = typeof discussionMessages.$inferSelect;

/** The conversation's discussion, oldest first, with each author's name (null once the account is deleted). */
export function listDiscussionMessages(db: Database, conversationId: string) {
  return db
    .select({ message: discussionMessages, authorName: users.name })
    .from(discussionMessages)
    .leftJoin(users, eq(users.id, discussionMessages.authorId))
    .where(eq(discussionMessages.conversationId, conversationId))
    .orderBy(discussionMessages.id);
}
