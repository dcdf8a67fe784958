// Adding, changing and removing a campaign member: the target user's eligibility, then the change itself in a
// transaction that applies the rules which depend on the memberships as they are.
import type { AddCampaignMember, CampaignMember, UpdateCampaignMember } from '../../../contract/campaigns';
import type { CampaignRole } from '../../../contract/enums';
import { appendAuditEntry, type AuditSource } from '../../audit-log/store';
import type { Database } from '../../db/client';
import {
  assertCanGrantMembership,
  assertCanHoldCampaignRole,
  assertKeepsAnOwner,
  normaliseMembership,
} from '../../domain/access/campaign-members';
import type { CampaignMembership } from '../../domain/access/campaigns';
import type { Principal } from '../../domain/access/principal';
import { Conflict, NotFound } from '../../errors';
import { findUser } from '../../users/store';
import type { CampaignRow } from '../store';
import { toCampaignMember } from './present';
import { countOwners, findMember, findMembership, lockCampaign, writeMembership } from './store';

/** Who changes a membership: their access, and the audit entry's source. */
export interface Changer {
  principal: Principal;
  source: AuditSource;
}

/** Throws unless the user may hold the role in the campaign (404 for a user of another organisation). */
async function assertHolder(
  db: Database,
  campaign: CampaignRow,
  userId: string,
  role: CampaignRole,
  options: { joining: boolean },
) {
  assertCanHoldCampaignRole(await findUser(db, userId), campaign, role, options);
}

/**
 * Turns the user's membership into `after` (null removes it) once the rules allow it, in a transaction that
 * holds the campaign row: changes of one campaign's members run one after the other, so two owners stepping
 * down at once cannot leave it without an owner.
 */
function changeMembership(
  db: Database,
  { principal, source }: Changer,
  campaign: CampaignRow,
  userId: string,
  after: CampaignMembership,
  { adding }: { adding: boolean },
) {
  return db.transaction(async (tx) => {
    await lockCampaign(tx, campaign.id);
    const before = await findMembership(tx, campaign.id, userId);
    if (adding && before) throw new Conflict('This user is already a member of the campaign');
    if (!adding && !before) throw new NotFound('Campaign member');
    const change = { before, after };
    assertCanGrantMembership(principal, campaign.membership, change);
    assertKeepsAnOwner(await countOwners(tx, campaign.id), change);
    await writeMembership(tx, campaign.id, userId, change);
    await appendAuditEntry(tx, source, {
      organisationId: campaign.organisationId,
      action: before
        ? after
          ? 'campaign_member.changed'
          : 'campaign_member.removed'
        : 'campaign_member.added',
      target: { type: 'campaign', id: campaign.id },
      details: { user_id: userId, before, after },
    });
  });
}

/** Adds the user to a campaign whose users the principal manages; resolves to the new member. */
export async function addMember(
  db: Database,
  changer: Changer,
  campaign: CampaignRow,
  { user_id: userId, role, policy }: AddCampaignMember,
): Promise<CampaignMember> {
  const after = normaliseMembership(role, policy);
  await assertHolder(db, campaign, userId, role, { joining: true });
  await changeMembership(db, changer, campaign, userId, after, { adding: true });
  return toCampaignMember(await findMember(db, campaign.id, userId));
}

/** Changes a member's role and policy in a campaign whose users the principal manages. */
export async function updateMember(
  db: Database,
  changer: Changer,
  campaign: CampaignRow,
  userId: string,
  { role, policy }: UpdateCampaignMember,
): Promise<CampaignMember> {
  const after = normaliseMembership(role, policy);
  await assertHolder(db, campaign, userId, after.role, { joining: false });
  await changeMembership(db, changer, campaign, userId, after, { adding: false });
  return toCampaignMember(await findMember(db, campaign.id, userId));
}

/** Removes a member from a campaign whose users the principal manages. */
export function removeMember(db: Database, changer: Changer, campaign: CampaignRow, userId: string) {
  return changeMembership(db, changer, campaign, userId, null, { adding: false });
}
