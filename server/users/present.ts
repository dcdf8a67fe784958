// Turns user rows into the API's user shapes.
import type { CurrentUser, User } from '../../contract/users';
import type { Config } from '../config';
import { toUnixSeconds } from '../db/time';
import { isCoachingUser } from '../domain/access/coaching';
import type { Principal, UserRecord } from '../domain/access/principal';

export const toUser = (row: UserRecord): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  admin: row.isAdmin,
  role: row.role,
  policy: row.policy,
  status: row.status,
  language: row.language,
  organisation_id: row.organisationId,
  created_at: toUnixSeconds(row.createdAt),
});

export function toCurrentUser({ user, actorId }: Principal, config: Config): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    admin: user.isAdmin,
    role: user.role,
    language: user.language,
    organisation_id: user.organisationId,
    config: { quality_monitoring: { role: user.role, policy: user.policy } },
    features: {
      coaching: isCoachingUser(config.coachingUsers, user),
    },
    acting_admin_id: actorId,
  };
}
