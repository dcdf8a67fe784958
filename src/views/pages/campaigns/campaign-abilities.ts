// What the screens offer in a campaign, mirroring the server's rules (spec §6): admins and owners everything,
// editors what their membership policy grants, viewers nothing. The server still decides every call.
import type { MyCampaignRole } from '../../../../contract/campaigns';
import type { CurrentUser } from '../../../../contract/users';

export interface CampaignAbilities {
  /** Adds to the campaign's data: uploads conversations, creates alerts. */
  contribute: boolean;
  editSettings: boolean;
  seeMembers: boolean;
  manageMembers: boolean;
  duplicate: boolean;
  delete: boolean;
}

export function campaignAbilities(user: CurrentUser, membership: MyCampaignRole): CampaignAbilities {
  const owner = user.admin || membership.role === 'owner';
  const editorMay = (flag: 'can_edit_settings' | 'can_manage_users') =>
    owner || (membership.role === 'editor' && membership.policy[flag] === true);
  return {
    contribute: owner || membership.role === 'editor',
    editSettings: editorMay('can_edit_settings'),
    seeMembers: user.admin || user.role !== 'agent',
    manageMembers: editorMay('can_manage_users'),
    duplicate: user.admin || user.config.quality_monitoring.policy.can_create_campaign === true,
    delete: owner,
  };
}

/** Whether the campaign's settings page has anything the user may change. */
export const hasSettings = (abilities: CampaignAbilities): boolean =>
  abilities.editSettings || abilities.manageMembers || abilities.duplicate || abilities.delete;
