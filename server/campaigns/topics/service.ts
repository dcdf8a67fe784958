// Replacing a campaign's topics: stored and, when they changed, the campaign's analysed conversations analysed
// again, so that the list's topics follow the definitions.
import type { CampaignTopicsSaved, TopicDefinition } from '../../../contract/campaigns';
import type { ConversationPipeline } from '../../context';
import type { Database } from '../../db/client';
import { replaceAnalysisSetting } from '../analysis-settings';
import type { CampaignRecord } from '../store';
import { topicsInSettings } from './store';

export async function replaceCampaignTopics(
  deps: { db: Database; pipeline: Pick<ConversationPipeline, 'relaunchAnalysis'> },
  campaign: Pick<CampaignRecord, 'id' | 'settings'>,
  topics: TopicDefinition[],
): Promise<CampaignTopicsSaved> {
  const current = topicsInSettings(campaign.settings);
  const reanalysing = await replaceAnalysisSetting(deps, campaign.id, {
    key: 'topics',
    current,
    next: topics,
  });
  return { topics, reanalysing };
}
