// One keyset page of users, optionally of one organisation, searched by name or email and filtered by role.
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { UserRole } from '../../contract/enums';
import type { Database } from '../db/client';
import { containing, toPage } from '../db/lists';
import { users } from '../db/schema';
import { toUser } from './present';

export interface UserListQuery {
  organisationId?: string;
  q?: string | undefined;
  role?: UserRole | undefined;
  startAfter?: string | undefined;
  limit: number;
}

export async function listUsers(db: Database, { organisationId, q, role, startAfter, limit }: UserListQuery) {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        organisationId ? eq(users.organisationId, organisationId) : undefined,
        or(containing(users.name, q), containing(users.email, q)),
        role ? eq(users.role, role) : undefined,
        startAfter ? gt(users.id, startAfter) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit + 1);
  return toPage(rows, limit, toUser);
}
