// Who may review in a campaign, read from its members: its active members, in its organisation, who may validate
// there (the settings right: owners and editors with the flag). Admins are not part of an organisation's team.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaignMembers, users } from '../db/schema';
import { hasCampaignPermission } from '../domain/access/campaigns';

interface ReviewCampaign {
  id: string;
  organisationId: string;
}

/** The campaign's reviewers by name, or only those among `userIds`. */
export async function listReviewers(db: Database, campaign: ReviewCampaign, userIds?: string[]) {
  const members = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: campaignMembers.role,
      policy: campaignMembers.policy,
    })
    .from(campaignMembers)
    .innerJoin(users, eq(users.id, campaignMembers.userId))
    .where(
      and(
        eq(campaignMembers.campaignId, campaign.id),
        userIds === undefined ? undefined : inArray(campaignMembers.userId, userIds),
        eq(users.organisationId, campaign.organisationId),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return members
    .filter((member) => hasCampaignPermission({ isAdmin: false }, member, 'can_edit_settings'))
    .map(({ id, name, email }) => ({ id, name, email }));
}

/** The users among `userIds` who may review in the campaign. */
export async function reviewersAmong(
  db: Database,
  campaign: ReviewCampaign,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const reviewers = await listReviewers(db, campaign, userIds);
  return new Set(reviewers.map((reviewer) => reviewer.id));
}
