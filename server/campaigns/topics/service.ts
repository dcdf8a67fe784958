// Replacing a campaign's topics: stored and, when they changed, the campaign's analysed conversations queued for
// analysis again, so that the list's topics follow the definitions.
import type { CampaignTopicsSaved, TopicDefinition } from '../../../contract/campaigns';
import type { Database } from '../../db/client';
import { replaceAnalysisSetting } from '../analysis-settings';
import type { CampaignRecord } from '../store';
import { topicsInSettings } from './store';

export async function replaceCampaignTopics(
  db: Database,
  campaign: Pick<CampaignRecord, 'id' | 'settings'>,
  topics: TopicDefinition[],
): Promise<CampaignTopicsSaved> {
  const current = topicsInSettings(campaign.settings);
  const reanalysing = await replaceAnalysisSetting(db, campaign.id, { key: 'topics', current, next: topics });
  return { topics, reanalysing };
}
