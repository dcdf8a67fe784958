// Users' SQL: one user, a keyset page of users (of one organisation, searched, by role), a user's campaign
// roles, and profile changes.
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { UserRole } from '../../contract/enums';
import type { UpdateUser } from '../../contract/users';
import type { Database } from '../db/client';
import { humanOrder, toPage } from '../db/lists';
import { containing } from '../db/lists-store';
import { campaignMembers, campaigns, users } from '../db/schema';
import { NotFound } from '../errors';
import { toUser } from './present';

export interface UserListQuery {
  organisationId?: string;
  q?: string | undefined;
  role?: UserRole | undefined;
  startAfter?: string | undefined;
  limit: number;
}

/** One keyset page of users, by id, as the API answers it. */
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

/** The user with this id; 404 when there is none. */
export async function findUser(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new NotFound('User');
  return row;
}

/** Applies the changes; resolves to the user as stored after them (undefined if it vanished meanwhile). */
export async function updateUser(db: Database, id: string, changes: UpdateUser) {
  const [updated] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
  return updated;
}

/** The campaigns the user is a member of, with their role and policy in each, by campaign name. */
export async function listUserCampaigns(db: Database, userId: string) {
  const rows = await db
    .select({
      campaign_id: campaigns.id,
      campaign_name: campaigns.name,
      organisation_id: campaigns.organisationId,
      role: campaignMembers.role,
      policy: campaignMembers.policy,
    })
    .from(campaignMembers)
    .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
    .where(eq(campaignMembers.userId, userId));
  return rows.sort((a, b) => humanOrder.compare(a.campaign_name, b.campaign_name));
}
