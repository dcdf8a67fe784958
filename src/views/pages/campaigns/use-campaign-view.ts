// A campaign with what the user may do in it, for the campaign pages.
import type { CurrentUser } from '../../../../contract/users';
import { useCampaign, useMyCampaignRole } from '../../../services/queries/campaigns';
import { campaignAbilities } from './campaign-abilities';

export function useCampaignView(campaignId: string, user: CurrentUser) {
  const campaign = useCampaign(campaignId);
  const membership = useMyCampaignRole(campaignId);
  return {
    campaign: campaign.data,
    abilities: membership.data ? campaignAbilities(user, membership.data) : undefined,
    role: membership.data?.role ?? null,
    pending: campaign.isPending || membership.isPending,
    error: campaign.error ?? membership.error,
    retry: () => Promise.all([campaign.refetch(), membership.refetch()]),
  };
}
