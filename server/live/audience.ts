// The audience of a live message: the users who may read a conversation (or a campaign) now, found once per
// action and handed to everything the action tells (its progress, the change of its evaluation, the alerts it
// sets off). Access follows the rules of `domain/access`: active users, admins, and the campaign's members (an
// agent only for their own conversations).
import type { Database } from '../db/client';
import { canReadCampaign } from '../domain/access/campaigns';
import { canReadConversation } from '../domain/access/conversations';
import { findCampaignAudience, findConversationAccess } from './store';

export interface ConversationAudience {
  conversationId: string;
  campaignId: string;
  /** A test conversation: it never sets off alerts. */
  isTest: boolean;
  /** The users who may read the conversation now. */
  userIds: string[];
}

/** Who may read the conversation now; null when the conversation is gone. */
export async function findConversationAudience(
  db: Database,
  conversationId: string,
): Promise<ConversationAudience | null> {
  const conversation = await findConversationAccess(db, conversationId);
  if (!conversation) return null;
  const candidates = await findCampaignAudience(db, conversation.campaignId);
  return {
    conversationId,
    campaignId: conversation.campaignId,
    isTest: conversation.isTest,
    userIds: candidates
      .filter((user) => canReadConversation(user, conversation, user.isMember))
      .map((user) => user.id),
  };
}

/** The ids of the users who may read the campaign now. */
export async function findCampaignReaders(
  db: Database,
  campaign: { id: string; organisationId: string },
): Promise<Set<string>> {
  const candidates = await findCampaignAudience(db, campaign.id);
  return new Set(
    candidates.filter((user) => canReadCampaign(user, campaign, user.isMember)).map((user) => user.id),
  );
}
