// Who may read a conversation and its agent's work, and whom a discussion message may mention.
import { NotFound, Unprocessable } from '../../errors';
import { canReadCampaign } from './campaigns';
import type { AccessUser, Principal, UserRecord } from './principal';

/** What the access rules need to know about a conversation: its campaign's organisation and its agent. */
export interface ConversationAccess {
  organisationId: string;
  agentId: string | null;
}

/**
 * The one agent whose work (conversations and what is derived from them) the user is limited to: agents see
 * only their own; null when the user sees every agent's.
 */
export function agentScope(user: Pick<UserRecord, 'id' | 'isAdmin' | 'role'>): string | null {
  return user.isAdmin || user.role !== 'agent' ? null : user.id;
}

export function canSeeAgentWork(user: Pick<UserRecord, 'id' | 'isAdmin' | 'role'>, agentId: string | null) {
  const onlyAgent = agentScope(user);
  return onlyAgent === null || onlyAgent === agentId;
}

/** A conversation is read by whoever reads its campaign, except that agents read only their own. */
export function canReadConversation(
  user: AccessUser,
  conversation: ConversationAccess,
  isCampaignMember: boolean,
): boolean {
  return canReadCampaign(user, conversation, isCampaignMember) && canSeeAgentWork(user, conversation.agentId);
}

/** Throws 404, as for an unknown id, unless the principal may read the conversation. */
export function assertCanReadConversation(
  principal: Principal,
  conversation: ConversationAccess,
  isCampaignMember: boolean,
) {
  if (!canReadConversation(principal.user, conversation, isCampaignMember)) {
    throw new NotFound('Conversation');
  }
}

/**
 * Throws 422 unless every mentioned id is a user who may read the conversation, since a mention sends them
 * there. Unknown ids fail the same way, so the answer reveals nothing about users elsewhere.
 */
export function assertMentionable(
  mentions: readonly string[],
  mentionedUsers: readonly AccessUser[],
  conversation: ConversationAccess,
  campaignMemberIds: ReadonlySet<string>,
) {
  const readers = new Set(
    mentionedUsers
      .filter((user) => canReadConversation(user, conversation, campaignMemberIds.has(user.id)))
      .map((user) => user.id),
  );
  const refused = mentions.filter((id) => !readers.has(id));
  if (refused.length > 0) {
    throw new Unprocessable(`These mentioned users cannot read this conversation: ${refused.join(', ')}`);
  }
}
