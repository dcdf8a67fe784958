// Who may read a conversation and its agent's work, and whom a discussion message may mention.
import { Forbidden, NotFound, Unprocessable } from '../../errors';
import {
  assertCanReadCampaign,
  canReadCampaign,
  type CampaignAccess,
  type CampaignMembership,
} from './campaigns';
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

/**
 * Whom a message on the conversation may mention, from its campaign's members: those who read it (an admin who
 * is no member is left out, so the list names no one outside the organisation).
 */
export function mentionableMembers<User extends AccessUser>(
  members: readonly User[],
  conversation: ConversationAccess,
): User[] {
  return members.filter((member) => canReadConversation(member, conversation, true));
}

/**
 * Adding and changing a campaign's conversations (uploads, agent and metadata, transcripts, deletion) is for the
 * people with edit rights in it: admins, owners and editors; viewers and agents only read.
 */
export function canManageConversations(
  user: Pick<AccessUser, 'isAdmin'>,
  membership: CampaignMembership,
): boolean {
  return user.isAdmin || membership?.role === 'owner' || membership?.role === 'editor';
}

/** Throws unless the principal reads the campaign and has edit rights in it. */
export function assertCanManageConversations(
  principal: Principal,
  campaign: CampaignAccess,
  membership: CampaignMembership,
) {
  assertCanReadCampaign(principal, campaign, membership);
  if (!canManageConversations(principal.user, membership)) {
    throw new Forbidden('Your role in this campaign does not allow changing its conversations');
  }
}
