// What every alert page reads besides the alert: the campaign with the user's abilities in it, its current grid
// (what an alert can watch) and its members (who can receive an alert).
import type { CurrentUser } from '../../../../contract/users';
import { useCampaignMembers } from '../../../services/queries/campaigns';
import { useEvaluationGrid } from '../../../services/queries/evaluation-grids';
import { useCampaignView } from '../campaigns/use-campaign-view';

export function useAlertCampaign(campaignId: string, user: CurrentUser) {
  const view = useCampaignView(campaignId, user);
  const grid = useEvaluationGrid(campaignId);
  const members = useCampaignMembers(campaignId);
  return {
    campaign: view.campaign,
    /** Creates, changes and deletes the campaign's alerts (the server's `can_edit_settings`). */
    mayEdit: view.abilities?.editSettings ?? false,
    grid: grid.data,
    members: members.data,
    pending: view.pending || grid.isPending || members.isPending,
    error: view.error ?? grid.error ?? members.error,
    retry: () => Promise.all([view.retry(), grid.refetch(), members.refetch()]),
  };
}
