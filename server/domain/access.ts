// Who may do what: the one place where permissions and object access are decided (spec §6).
import type { Permission, UserPolicy } from '../../contract/enums';
import type { users } from '../db/schema';
import { Conflict, Forbidden, NotFound, Unprocessable } from '../errors';

export type UserRecord = typeof users.$inferSelect;

/** What the access rules need to know about a user. */
export type AccessUser = Pick<UserRecord, 'id' | 'isAdmin' | 'role' | 'organisationId' | 'status'>;

/** What the access rules need to know about a conversation: its campaign's organisation and its agent. */
export interface ConversationAccess {
  organisationId: string;
  agentId: string | null;
}

export interface Principal {
  user: UserRecord;
  /** The admin acting as `user`, when the request carries an impersonation token. */
  actorId: string | null;
}

/** Admins hold every permission; anyone else holds the ones their policy sets to true. */
export function hasPermission(user: Pick<UserRecord, 'isAdmin' | 'policy'>, permission: Permission): boolean {
  return user.isAdmin || (user.policy as UserPolicy)[permission] === true;
}

/** Users see themselves; admins see everyone; supervisors see the users of their organisation. */
export function canReadUser(
  principal: Principal,
  target: Pick<UserRecord, 'id' | 'organisationId'>,
): boolean {
  const { user } = principal;
  if (user.isAdmin || user.id === target.id) return true;
  return (
    user.role === 'supervisor' &&
    user.organisationId !== null &&
    user.organisationId === target.organisationId
  );
}

/** Users edit their own profile; admins edit anyone's. */
export function canUpdateUser(principal: Principal, target: Pick<UserRecord, 'id'>): boolean {
  return principal.user.isAdmin || principal.user.id === target.id;
}

/** Throws unless the principal may read the user: 404 outside their organisation, 403 inside it. */
export function assertCanReadUser(principal: Principal, target: Pick<UserRecord, 'id' | 'organisationId'>) {
  if (canReadUser(principal, target)) return;
  if (principal.user.organisationId !== null && principal.user.organisationId === target.organisationId) {
    throw new Forbidden();
  }
  throw new NotFound('User');
}

/** Throws unless the principal may update the user: 404 outside their organisation, 403 inside it. */
export function assertCanUpdateUser(principal: Principal, target: Pick<UserRecord, 'id' | 'organisationId'>) {
  assertCanReadUser(principal, target);
  if (!canUpdateUser(principal, target)) throw new Forbidden();
}

export function assertAdmin(principal: Principal): void {
  if (!principal.user.isAdmin) throw new Forbidden('Only a platform admin can do this');
}

/**
 * Only admins enable and disable accounts; never their own, which would lock them out, and never one whose
 * invitation is still open, because accepting it activates the account whatever its status.
 */
export function assertCanChangeUserStatus(principal: Principal, target: Pick<UserRecord, 'id' | 'status'>) {
  assertAdmin(principal);
  if (target.id === principal.user.id) throw new Conflict('You cannot disable or re-enable your own account');
  if (target.status === 'invited') {
    throw new Conflict('This user has not accepted their invitation yet; their status cannot change');
  }
}

/**
 * Admins read every campaign; anyone else the campaigns of their organisation they are a member of, in any
 * role. Users without an active account read nothing, as the API refuses all their calls.
 */
export function canReadCampaign(
  user: AccessUser,
  campaign: { organisationId: string },
  isCampaignMember: boolean,
): boolean {
  if (user.status !== 'active') return false;
  if (user.isAdmin) return true;
  return isCampaignMember && user.organisationId !== null && user.organisationId === campaign.organisationId;
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
