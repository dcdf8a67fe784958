// Who may read an organisation, manage it, invite users into it, and read its usage.
import { belongsTo, hasPermission, refuse, type Principal } from './principal';

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

/** Admins read every organisation's usage; supervisors with can_view_usage their own's. */
export function assertCanViewUsage(principal: Principal, organisationId: string) {
  const { user } = principal;
  if (user.isAdmin) return;
  if (
    user.role === 'supervisor' &&
    belongsTo(user, organisationId) &&
    hasPermission(user, 'can_view_usage')
  ) {
    return;
  }
  refuse(user, organisationId, 'Organisation', 'You are not allowed to view usage');
}
