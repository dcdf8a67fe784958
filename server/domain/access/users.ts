// Who may read and change a user: profiles, account status and a user's campaign roles.
import { Conflict, Forbidden } from '../../errors';
import { assertAdmin, belongsTo, hasPermission, refuse, type Principal, type UserRecord } from './principal';

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
