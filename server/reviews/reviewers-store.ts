// Who may review in a campaign, read from its members: its active members, in its organisation, who may validate
// there (the settings right: owners and editors with the flag). Admins are not part of an organisation's team.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaignMembers, users } from '../db/schema';
import { hasCampaignPermission } from '../domain/access/campaigns';

/** The users among `userIds` who may review in the campaign. */
export async function reviewersAmong(
  db: Database,
  campaign: { id: string; organisationId: string },
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const members = await db
    .select({ userId: campaignMembers.userId, role: campaignMembers.role, policy: campaignMembers.policy })
    .from(campaignMembers)
    .innerJoin(users, eq(users.id, campaignMembers.userId))
    .where(
      and(
        eq(campaignMembers.campaignId, campaign.id),
        inArray(campaignMembers.userId, userIds),
        eq(users.organisationId, campaign.organisationId),
        eq(users.status, 'active'),
      ),
    );
  return new Set(
    members
      .filter((member) => hasCampaignPermission({ isAdmin: false }, member, 'can_edit_settings'))
      .map((member) => member.userId),
  );
}
