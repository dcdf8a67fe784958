// Who is asking: the principal and user shapes the access rules read, and the helpers every resource's rules share.
import type { ApiKeyScope } from '../../../contract/api-keys';
import type { Permission, UserPolicy } from '../../../contract/enums';
import type { users } from '../../db/schema';
import { Forbidden, NotFound } from '../../errors';

export type UserRecord = typeof users.$inferSelect;

/** What the access rules need to know about a user. */
export type AccessUser = Pick<UserRecord, 'id' | 'isAdmin' | 'role' | 'organisationId' | 'status'>;

/** The API key a request authenticated with (decision 0227): it acts with its creator's access, narrowed. */
export interface PrincipalApiKey {
  id: string;
  name: string;
  organisationId: string;
  scopes: readonly ApiKeyScope[];
}

export interface Principal {
  user: UserRecord;
  /** The admin acting as `user`, when the request carries an impersonation token. */
  actorId: string | null;
  /** That admin's account, for the audit log. */
  actor?: Pick<UserRecord, 'id' | 'name'> | undefined;
  /** Set when the request carries an API key instead of an access token. */
  apiKey?: PrincipalApiKey | undefined;
}

export const belongsTo = (user: Pick<UserRecord, 'organisationId'>, organisationId: string | null) =>
  user.organisationId !== null && user.organisationId === organisationId;

/**
 * Refuses the use of an object: 403 when the caller may know it exists (it is in their organisation, or they
 * are an admin, who sees every organisation), otherwise 404, as for an unknown id, so ids reveal nothing.
 */
export function refuse(
  user: AccessUser,
  organisationId: string | null,
  what: string,
  detail?: string,
): never {
  if (user.isAdmin || belongsTo(user, organisationId)) throw new Forbidden(detail);
  throw new NotFound(what);
}

/** Admins hold every permission; anyone else holds the ones their policy sets to true. */
export function hasPermission(user: Pick<UserRecord, 'isAdmin' | 'policy'>, permission: Permission): boolean {
  return user.isAdmin || (user.policy as UserPolicy)[permission] === true;
}

export function assertAdmin(principal: Principal): void {
  if (!principal.user.isAdmin) throw new Forbidden('Only a platform admin can do this');
}
