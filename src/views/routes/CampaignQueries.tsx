// The campaign and the user's role in it, asked for as soon as a campaign's page is routed: the page shows nothing
// before both arrive, and would otherwise ask only once its own code has loaded and rendered.
import { useCampaign, useMyCampaignRole } from '../../services/queries/campaigns';

export default function CampaignQueries({ campaignId }: { campaignId: string }) {
  useCampaign(campaignId);
  useMyCampaignRole(campaignId);
  return null;
}
