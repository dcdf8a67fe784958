// Campaign members' SQL: the member list, one membership, the owner count, and writing a membership change.
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaignMembers, campaigns, users } from '../../db/schema';
import type { CampaignMembership } from '../../domain/access/campaigns';
import { NotFound } from '../../errors';

/** The campaign's members with who they are; only the one named by `userId` when given. */
export function listMembers(db: Database, campaignId: string, userId?: string) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      userRole: users.role,
      status: users.status,
      role: campaignMembers.role,
      policy: campaignMembers.policy,
    })
    .from(campaignMembers)
    .innerJoin(users, eq(users.id, campaignMembers.userId))
    .where(
      and(
        eq(campaignMembers.campaignId, campaignId),
        userId ? eq(campaignMembers.userId, userId) : undefined,
      ),
    );
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** One member of the campaign with who they are; 404 when the user is not a member. */
export async function findMember(db: Database, campaignId: string, userId: string): Promise<MemberRow> {
  const [member] = await listMembers(db, campaignId, userId);
  if (!member) throw new NotFound('Campaign member');
  return member;
}

export async function findMembership(db: Database, campaignId: string, userId: string) {
  const [row] = await db
    .select({ role: campaignMembers.role, policy: campaignMembers.policy })
    .from(campaignMembers)
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.userId, userId)));
  return row ?? null;
}

export async function countOwners(db: Database, campaignId: string) {
  const [row] = await db
    .select({ owners: count() })
    .from(campaignMembers)
    .where(and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.role, 'owner')));
  return row?.owners ?? 0;
}

/**
 * Holds the campaign row until the transaction ends, so that changes of one campaign's members run one after
 * the other; 404 when the campaign is gone.
 */
export async function lockCampaign(db: Database, campaignId: string) {
  const [held] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .for('update');
  if (!held) throw new NotFound('Campaign');
}

/** Turns the user's membership `before` into `after`: inserts, updates or (when `after` is null) deletes it. */
export async function writeMembership(
  db: Database,
  campaignId: string,
  userId: string,
  change: { before: CampaignMembership; after: CampaignMembership },
) {
  const membership = and(eq(campaignMembers.campaignId, campaignId), eq(campaignMembers.userId, userId));
  if (change.after === null) await db.delete(campaignMembers).where(membership);
  else if (change.before) await db.update(campaignMembers).set(change.after).where(membership);
  else await db.insert(campaignMembers).values({ campaignId, userId, ...change.after });
}
