// Who may do what: the one place where permissions and object access are decided (spec §6).
import type { Permission, UserPolicy } from '../../contract/enums';
import type { users } from '../db/schema';
import { Forbidden, NotFound } from '../errors';

export type UserRecord = typeof users.$inferSelect;

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
