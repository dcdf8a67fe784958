// Who may read, create, change and delete a campaign, and what a campaign role grants (spec §6).
import {
  campaignPermissions,
  type CampaignPermission,
  type CampaignPolicy,
} from '../../../contract/campaigns';
import type { CampaignRole } from '../../../contract/enums';
import { Forbidden } from '../../errors';
import { hasPermission, refuse, type AccessUser, type Principal, type UserRecord } from './principal';

/** A user's membership of a campaign; null when they are not a member. */
export type CampaignMembership = { role: CampaignRole; policy: CampaignPolicy } | null;

/** What the access rules need to know about a campaign. */
export interface CampaignAccess {
  organisationId: string;
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
