// Turns campaign member rows into the API's member shape.
import type { CampaignMember } from '../../../contract/campaigns';
import type { MemberRow } from './store';

export const toCampaignMember = (row: MemberRow): CampaignMember => ({
  user_id: row.userId,
  name: row.name,
  email: row.email,
  user_role: row.userRole,
  status: row.status,
  role: row.role,
  policy: row.policy,
});
