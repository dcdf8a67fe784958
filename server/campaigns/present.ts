// Turns campaign rows into the API's campaign shape.
import type { Campaign } from '../../contract/campaigns';
import { toUnixSeconds } from '../db/time';
import type { SignedUrls } from '../storage/signed-urls';
import { autoEvaluates } from './settings';
import type { CampaignRow } from './store';

export const toCampaign = (row: CampaignRow, fileUrls: SignedUrls): Campaign => ({
  id: row.id,
  organisation_id: row.organisationId,
  name: row.name,
  description: row.description,
  language: row.language,
  logo_url: row.logoKey ? fileUrls.urlFor(row.logoKey) : null,
  created_by: row.createdBy,
  created_at: toUnixSeconds(row.createdAt),
  member_count: row.memberCount,
  my_role: row.membership?.role ?? null,
  auto_evaluate: autoEvaluates(row.settings),
});
