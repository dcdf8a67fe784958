// Who manages a campaign's reviews: the people who may edit its settings (owners, editors with the flag, admins),
// every reviewer of the campaign among them.
import { findCampaign } from '../campaigns/store';
import type { Database } from '../db/client';
import { assertCampaignPermission } from '../domain/access/campaigns';
import type { Principal } from '../domain/access/principal';

/** What a refused reviewer is told, for a rule's reviewer or an assignment's. */
export const cannotReview = 'This user cannot review in this campaign';

/** The campaign, if the principal manages its reviews (404 when unreadable, 403 without the right). */
export async function managedCampaign(db: Database, principal: Principal, campaignId: string) {
  const campaign = await findCampaign(db, campaignId, principal.user.id);
  assertCampaignPermission(principal, campaign, campaign.membership, 'can_edit_settings');
  return campaign;
}
