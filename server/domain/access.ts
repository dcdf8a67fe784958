// Who may do what: the one place where permissions and object access are decided (spec §6).
import { campaignPermissions, type CampaignPermission, type CampaignPolicy } from '../../contract/campaigns';
import type { CampaignRole, Permission, UserPolicy } from '../../contract/enums';
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

/** A user's membership of a campaign; null when they are not a member. */
export type CampaignMembership = { role: CampaignRole; policy: CampaignPolicy } | null;

/** What the access rules need to know about a campaign. */
export interface CampaignAccess {
  organisationId: string;
}

const belongsTo = (user: Pick<UserRecord, 'organisationId'>, organisationId: string | null) =>
  user.organisationId !== null && user.organisationId === organisationId;

/**
 * Refuses the use of an object: 403 when the caller may know it exists (it is in their organisation, or they
 * are an admin, who sees every organisation), otherwise 404, as for an unknown id, so ids reveal nothing.
 */
function refuse(user: AccessUser, organisationId: string | null, what: string, detail?: string): never {
  if (user.isAdmin || belongsTo(user, organisationId)) throw new Forbidden(detail);
  throw new NotFound(what);
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
  if (!canReadUser(principal, target)) refuse(principal.user, target.organisationId, 'User');
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

/**
 * What a campaign role grants (spec §6): owners every campaign permission, viewers none, editors the flags of
 * their membership's policy; admins everything, member or not.
 */
export function hasCampaignPermission(
  user: Pick<UserRecord, 'isAdmin'>,
  membership: CampaignMembership,
  permission: CampaignPermission,
): boolean {
  if (user.isAdmin) return true;
  switch (membership?.role) {
    case 'owner':
      return true;
    case 'editor':
      return membership.policy[permission] === true;
    default:
      return false;
  }
}

/** Every campaign permission with whether the user holds it, for the browser to show what it may do. */
export function effectiveCampaignPolicy(
  user: Pick<UserRecord, 'isAdmin'>,
  membership: CampaignMembership,
): Record<CampaignPermission, boolean> {
  return Object.fromEntries(
    campaignPermissions.map((permission) => [
      permission,
      hasCampaignPermission(user, membership, permission),
    ]),
  ) as Record<CampaignPermission, boolean>;
}

/** The membership as stored: only an editor's policy means anything, so owners and viewers keep none. */
export const normaliseMembership = (role: CampaignRole, policy: CampaignPolicy) => ({
  role,
  policy: role === 'editor' ? policy : {},
});

/** Which campaigns a list shows the user: admins every one; anyone else those of their organisation they are
 * a member of (as `canReadCampaign` decides for one campaign). */
export function campaignListScope(
  user: AccessUser,
): { kind: 'all' } | { kind: 'memberships'; userId: string; organisationId: string } | { kind: 'none' } {
  if (user.status !== 'active') return { kind: 'none' };
  if (user.isAdmin) return { kind: 'all' };
  if (user.organisationId === null) return { kind: 'none' };
  return { kind: 'memberships', userId: user.id, organisationId: user.organisationId };
}

/** Throws unless the principal reads the campaign: 404 outside their organisation, 403 inside it. */
export function assertCanReadCampaign(
  principal: Principal,
  campaign: CampaignAccess,
  membership: CampaignMembership,
) {
  if (!canReadCampaign(principal.user, campaign, membership !== null)) {
    refuse(principal.user, campaign.organisationId, 'Campaign', 'You are not a member of this campaign');
  }
}

/** Throws unless the principal reads the campaign and holds the campaign permission in it. */
export function assertCampaignPermission(
  principal: Principal,
  campaign: CampaignAccess,
  membership: CampaignMembership,
  permission: CampaignPermission,
) {
  assertCanReadCampaign(principal, campaign, membership);
  if (!hasCampaignPermission(principal.user, membership, permission)) {
    throw new Forbidden(`Your role in this campaign does not allow this (${permission})`);
  }
}

/** Deleting a campaign, with everything in it, is for its owners and admins only. */
export function assertCanDeleteCampaign(
  principal: Principal,
  campaign: CampaignAccess,
  membership: CampaignMembership,
) {
  assertCanReadCampaign(principal, campaign, membership);
  if (!principal.user.isAdmin && membership?.role !== 'owner') {
    throw new Forbidden('Only an owner of the campaign or an admin can delete it');
  }
}

/** Admins, and supervisors whose policy grants can_create_campaign; agents never create campaigns (spec §2). */
export function canCreateCampaign(user: Pick<UserRecord, 'isAdmin' | 'role' | 'policy'>): boolean {
  return user.isAdmin || (user.role === 'supervisor' && hasPermission(user, 'can_create_campaign'));
}

export function assertCanCreateCampaign(principal: Principal) {
  if (!canCreateCampaign(principal.user)) throw new Forbidden('You are not allowed to create campaigns');
}

/** A copy is a new campaign made from one the principal reads. */
export function assertCanDuplicateCampaign(
  principal: Principal,
  campaign: CampaignAccess,
  membership: CampaignMembership,
) {
  assertCanReadCampaign(principal, campaign, membership);
  assertCanCreateCampaign(principal);
}

/** The member list is for the campaign's readers except agents, who see only their own work. */
export function assertCanListCampaignMembers(
  principal: Principal,
  campaign: CampaignAccess,
  membership: CampaignMembership,
) {
  assertCanReadCampaign(principal, campaign, membership);
  if (!principal.user.isAdmin && principal.user.role === 'agent') {
    throw new Forbidden('Agents do not see the members of a campaign');
  }
}

/**
 * Throws unless the principal, who manages the campaign's users (`assertCampaignPermission` with
 * can_manage_users, checked first), may turn the membership `before` into `after` (null: no membership):
 * nobody gains through it more than they hold — only owners and admins give, change or take away the owner
 * role, and an editor grants no flag they do not hold themselves.
 */
export function assertCanGrantMembership(
  principal: Principal,
  callerMembership: CampaignMembership,
  change: { before: CampaignMembership; after: CampaignMembership },
) {
  const { user } = principal;
  const ownerCaller = user.isAdmin || callerMembership?.role === 'owner';
  if (!ownerCaller && (change.before?.role === 'owner' || change.after?.role === 'owner')) {
    throw new Forbidden('Only an owner of the campaign or an admin can give or take away the owner role');
  }
  const beyondCaller = campaignPermissions.filter(
    (permission) =>
      change.after?.policy[permission] === true && !hasCampaignPermission(user, callerMembership, permission),
  );
  if (beyondCaller.length > 0) {
    throw new Forbidden(`You cannot grant permissions you do not hold: ${beyondCaller.join(', ')}`);
  }
}

/**
 * Throws unless the user may hold that role in the campaign: they must be of its organisation (404 otherwise,
 * as for an unknown id), agents are viewers only, and a disabled user joins no campaign (their existing
 * memberships can still change, so that an owner who left can be replaced).
 */
export function assertCanHoldCampaignRole(
  target: Pick<UserRecord, 'organisationId' | 'status' | 'role' | 'isAdmin'>,
  campaign: CampaignAccess,
  role: CampaignRole,
  { joining }: { joining: boolean },
) {
  if (!belongsTo(target, campaign.organisationId)) throw new NotFound('User');
  if (joining && target.status === 'disabled') {
    throw new Unprocessable('A disabled user cannot join a campaign');
  }
  if (target.role === 'agent' && !target.isAdmin && role !== 'viewer') {
    throw new Unprocessable('Agents can only be viewers of a campaign');
  }
}

/** A campaign that has an owner keeps one: the last owner cannot leave or step down (409). */
export function assertKeepsAnOwner(
  ownerCount: number,
  change: { before: CampaignMembership; after: CampaignMembership },
) {
  if (change.before?.role === 'owner' && change.after?.role !== 'owner' && ownerCount <= 1) {
    throw new Conflict(
      'This is the last owner of the campaign: make another member owner before removing or changing this one',
    );
  }
}

/** Admins read every organisation; supervisors read their own (its users, to manage them). */
export function assertCanReadOrganisation(principal: Principal, organisationId: string) {
  const { user } = principal;
  if (user.isAdmin || (user.role === 'supervisor' && belongsTo(user, organisationId))) return;
  refuse(user, organisationId, 'Organisation');
}

/** Admin-only work on an organisation (its campaign list, creating a campaign in it): 404 outside one's own. */
export function assertCanManageOrganisation(principal: Principal, organisationId: string) {
  if (!principal.user.isAdmin) {
    refuse(principal.user, organisationId, 'Organisation', 'Only a platform admin can do this');
  }
}

/** Admins invite into any organisation; supervisors with can_edit_users_access into their own. */
export function assertCanInviteInto(principal: Principal, organisationId: string) {
  const { user } = principal;
  if (user.isAdmin) return;
  if (
    user.role === 'supervisor' &&
    belongsTo(user, organisationId) &&
    hasPermission(user, 'can_edit_users_access')
  ) {
    return;
  }
  refuse(user, organisationId, 'Organisation', 'You are not allowed to invite users');
}

/** A user's campaign roles are seen by admins, the user, and their organisation's supervisors who edit access. */
export function assertCanReadUserCampaigns(
  principal: Principal,
  target: Pick<UserRecord, 'id' | 'organisationId'>,
) {
  const { user } = principal;
  if (user.isAdmin || user.id === target.id) return;
  if (
    user.role === 'supervisor' &&
    belongsTo(user, target.organisationId) &&
    hasPermission(user, 'can_edit_users_access')
  ) {
    return;
  }
  refuse(user, target.organisationId, 'User');
}
