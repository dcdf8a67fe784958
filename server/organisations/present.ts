// Turns organisation rows into the API's organisation shapes.
import type { OrganisationSummary } from '../../contract/organisations';
import type { Organisation } from '../../contract/users';
import { toUnixSeconds } from '../db/time';
import type { organisations } from '../db/schema';
import type { OrganisationRow } from './store';

export const toOrganisationSummary = (row: OrganisationRow): OrganisationSummary => ({
  id: row.id,
  name: row.name,
  created_at: toUnixSeconds(row.createdAt),
  user_count: row.userCount,
  campaign_count: row.campaignCount,
});

export const toOrganisation = (row: typeof organisations.$inferSelect): Organisation => ({
  id: row.id,
  name: row.name,
  created_at: toUnixSeconds(row.createdAt),
});
