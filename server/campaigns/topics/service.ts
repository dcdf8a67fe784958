// Replacing a campaign's topics: stored and, when they changed, the campaign's analysed conversations queued for
// analysis again, in one transaction, so that the list's topics follow the definitions.
import { isDeepStrictEqual } from 'node:util';
import type { CampaignTopicsSaved, TopicDefinition } from '../../../contract/campaigns';
import type { Database } from '../../db/client';
import { requeueJobs } from '../../jobs/queue';
import type { CampaignRecord } from '../store';
import { listAnalysedConversationIds, setCampaignTopics, topicsInSettings } from './store';

export async function replaceCampaignTopics(
  db: Database,
  campaign: Pick<CampaignRecord, 'id' | 'settings'>,
  topics: TopicDefinition[],
): Promise<CampaignTopicsSaved> {
  if (isDeepStrictEqual(topicsInSettings(campaign.settings), topics)) return { topics, reanalysing: 0 };
  return db.transaction(async (tx) => {
    await setCampaignTopics(tx, campaign.id, topics);
    const conversationIds = await listAnalysedConversationIds(tx, campaign.id);
    await requeueJobs(tx, 'analysis', conversationIds);
    return { topics, reanalysing: conversationIds.length };
  });
}
