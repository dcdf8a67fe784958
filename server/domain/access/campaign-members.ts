// Who may see a campaign's members and change them, and who may hold which campaign role.
import { campaignPermissions, type CampaignPolicy } from '../../../contract/campaigns';
import type { CampaignRole } from '../../../contract/enums';
import { Conflict, Forbidden, NotFound, Unprocessable } from '../../errors';
import {
  assertCanReadCampaign,
  hasCampaignPermission,
  type CampaignAccess,
  type CampaignMembership,
} from './campaigns';
import { belongsTo, type Principal, type UserRecord } from './principal';

/** The membership as stored: only an editor's policy means anything, so owners and viewers keep none. */
export const normaliseMembership = (role: CampaignRole, policy: CampaignPolicy) => ({
  role,
  policy: role === 'editor' ? policy : {},
});

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
