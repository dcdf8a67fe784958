// Campaign queries shared by the campaign, member and organisation routes: lists, one campaign with the
// caller's membership, creation, and members.
import { and, asc, count, eq, gt, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CampaignPolicy } from '../../contract/campaigns';
import type { CampaignRole, Language } from '../../contract/enums';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { containing } from '../db/lists';
import { campaignMembers, campaigns, users } from '../db/schema';
import { campaignListScope, type AccessUser, type CampaignMembership } from '../domain/access';
import { NotFound } from '../errors';

export type CampaignRecord = typeof campaigns.$inferSelect;

/** A campaign with what every answer about it carries: its member count and the caller's membership. */
export type CampaignRow = CampaignRecord & { memberCount: number; membership: CampaignMembership };

const mine = alias(campaignMembers, 'mine');

function selectCampaigns(db: Database, viewerId: string) {
  return db
    .select({
      campaign: campaigns,
      memberCount: db.$count(campaignMembers, eq(campaignMembers.campaignId, campaigns.id)),
      myRole: mine.role,
      myPolicy: mine.policy,
    })
    .from(campaigns)
    .leftJoin(mine, and(eq(mine.campaignId, campaigns.id), eq(mine.userId, viewerId)));
}

type SelectedCampaign = Awaited<ReturnType<typeof selectCampaigns>>[number];

const toRow = ({ campaign, memberCount, myRole, myPolicy }: SelectedCampaign): CampaignRow => ({
  ...campaign,
  memberCount,
  membership: myRole ? { role: myRole, policy: myPolicy ?? {} } : null,
});

export interface CampaignListOptions {
  /** Only the campaigns of this organisation. */
  organisationId?: string | undefined;
  q?: string | undefined;
  startAfter?: string | undefined;
  /** Reads `limit + 1` campaigns, for a keyset page; every one without a limit. */
  limit?: number;
}

/** The campaigns the viewer's list shows (see `campaignListScope`), by id. */
export async function listCampaigns(db: Database, viewer: AccessUser, options: CampaignListOptions) {
  const scope = campaignListScope(viewer);
  if (scope.kind === 'none') return [];
  const query = selectCampaigns(db, viewer.id)
    .where(
      and(
        scope.kind === 'memberships'
          ? and(isNotNull(mine.userId), eq(campaigns.organisationId, scope.organisationId))
          : undefined,
        options.organisationId ? eq(campaigns.organisationId, options.organisationId) : undefined,
        containing(campaigns.name, options.q),
        options.startAfter ? gt(campaigns.id, options.startAfter) : undefined,
      ),
    )
    .orderBy(asc(campaigns.id))
    .$dynamic();
  const rows = await (options.limit === undefined ? query : query.limit(options.limit + 1));
  return rows.map(toRow);
}

/** The campaign with the viewer's membership; 404 when there is none with this id. */
export async function findCampaign(db: Database, id: string, viewerId: string): Promise<CampaignRow> {
  const [row] = await selectCampaigns(db, viewerId).where(eq(campaigns.id, id));
  if (!row) throw new NotFound('Campaign');
  return toRow(row);
}

export interface NewCampaign {
  organisationId: string;
  name: string;
  description?: string | undefined;
  language?: Language | undefined;
  settings?: Record<string, unknown>;
  logoKey?: string | null;
  createdBy: string;
}

export interface NewMembership {
  userId: string;
  role: CampaignRole;
  policy: CampaignPolicy;
}

/** Stores a campaign with its first members; resolves to its id. */
export async function insertCampaign(db: Database, campaign: NewCampaign, members: NewMembership[]) {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(campaigns).values({ id, ...campaign });
    if (members.length > 0) {
      await tx.insert(campaignMembers).values(members.map((member) => ({ campaignId: id, ...member })));
    }
  });
  return id;
}

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
