// Everything a user may change in a campaign, each part shown only when they may change it.
import type { Campaign } from '../../../../contract/campaigns';
import type { CampaignAbilities } from './campaign-abilities';
import { CampaignDangerSection } from './CampaignDangerSection';
import { CampaignDetailsSection } from './CampaignDetailsSection';
import { CampaignEvaluationSection } from './CampaignEvaluationSection';
import { CampaignLogoSection } from './CampaignLogoSection';
import { CampaignMembersSection } from './CampaignMembersSection';
import { CampaignMetadataLabelsSection } from './CampaignMetadataLabelsSection';
import { CampaignRedactionSection } from './CampaignRedactionSection';
import { CampaignReviewSection } from './CampaignReviewSection';
import { CampaignTopicsSection } from './CampaignTopicsSection';

export function CampaignSettings({
  campaign,
  abilities,
}: {
  campaign: Campaign;
  abilities: CampaignAbilities;
}) {
  return (
    <div className="grid grid-cols-1 gap-6">
      {abilities.editSettings && <CampaignDetailsSection campaign={campaign} />}
      {abilities.editSettings && <CampaignLogoSection campaign={campaign} />}
      {abilities.editSettings && <CampaignTopicsSection campaign={campaign} />}
      {abilities.editSettings && <CampaignEvaluationSection campaign={campaign} />}
      {abilities.editSettings && <CampaignRedactionSection campaign={campaign} />}
      {abilities.editSettings && <CampaignMetadataLabelsSection campaign={campaign} />}
      {abilities.editSettings && <CampaignReviewSection campaignId={campaign.id} />}
      {abilities.seeMembers && (
        <CampaignMembersSection campaign={campaign} canManage={abilities.manageMembers} />
      )}
      {(abilities.duplicate || abilities.delete) && (
        <CampaignDangerSection campaign={campaign} abilities={abilities} />
      )}
    </div>
  );
}
