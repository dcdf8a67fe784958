// Campaign actions that span the campaign store and stored files or other features' stores: duplicating, deleting,
// and the metadata keys of the campaigns a user reads.
import type { Database } from '../db/client';
import { byName, humanOrder } from '../db/lists';
import { agentScope } from '../domain/access/conversations';
import { copyCampaignGrid } from '../evaluation-grids/store';
import type { AccessUser, UserRecord } from '../domain/access/principal';
import { siblingKey, type FileStorage } from '../storage/files';
import {
  deleteCampaign,
  insertCampaign,
  listCampaigns,
  listMemberships,
  listMetadataKeys,
  type CampaignRow,
} from './store';

interface Stores {
  db: Database;
  files: FileStorage;
}

/** A copy's name, kept within the length a campaign name may have. */
const copyName = (name: string) => `${name.slice(0, 113)} (copy)`;

/** Copies the campaign, its settings, logo, members and evaluation grid, for `user`; resolves to the copy. */
export async function duplicateCampaign({ db, files }: Stores, user: UserRecord, source: CampaignRow) {
  // The copy gets its own logo file, so deleting either campaign leaves the other's logo in place.
  let logoKey = source.logoKey && siblingKey(source.logoKey);
  if (source.logoKey && logoKey && !(await files.copy(source.logoKey, logoKey))) logoKey = null;

  const members = (await listMemberships(db, source.id)).map(({ userId, role, policy }) => ({
    userId,
    // Whoever makes the copy owns it, when it is in their organisation (an admin's may be elsewhere).
    ...(userId === user.id ? { role: 'owner' as const, policy: {} } : { role, policy }),
  }));
  if (user.organisationId === source.organisationId && !members.some((m) => m.userId === user.id)) {
    members.push({ userId: user.id, role: 'owner', policy: {} });
  }
  return insertCampaign(
    db,
    {
      organisationId: source.organisationId,
      name: copyName(source.name),
      description: source.description,
      language: source.language,
      settings: source.settings,
      redactForProviders: source.redactForProviders,
      redactAtIngestion: source.redactAtIngestion,
      redactExports: source.redactExports,
      logoKey,
      createdBy: user.id,
    },
    members,
    (tx, copyId) => copyCampaignGrid(tx, source.id, copyId, user.id),
  );
}

/** Deletes the campaign with everything in it, then its logo file. */
export async function removeCampaign({ db, files }: Stores, campaign: CampaignRow) {
  await deleteCampaign(db, campaign.id);
  if (campaign.logoKey) await files.delete(campaign.logoKey);
}

/** For each campaign the user reads, by name, the metadata keys of the conversations the user sees. */
export async function metadataKeysOfReadableCampaigns(db: Database, user: AccessUser) {
  const readable = await listCampaigns(db, user, {});
  if (readable.length === 0) return [];
  // Agents see only their own conversations, so only those name the keys they are shown.
  const pairs = await listMetadataKeys(
    db,
    readable.map((campaign) => campaign.id),
    agentScope(user),
  );
  return readable.sort(byName).map((campaign) => ({
    campaign_id: campaign.id,
    keys: pairs
      .filter((pair) => pair.campaignId === campaign.id)
      .map((pair) => pair.key)
      .sort(humanOrder.compare),
  }));
}
