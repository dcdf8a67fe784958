// Campaign settings the analysis reads (topics, conversation phases): replacing one stores it in the campaign's
// settings and, when it changed, queues the campaign's analysed conversations for analysis again, in one
// transaction, so that their results follow the definitions. Custom analyses re-queue the same way.
import { isDeepStrictEqual } from 'node:util';
import type { Database } from '../db/client';
import { requeueJobs } from '../jobs/queue';
import { listAnalysedConversationIds, setCampaignSetting } from './analysis-settings-store';

/** The keys of the campaign settings the analysis reads. */
export type AnalysisSettingKey = 'topics' | 'conversation_phases';

/** Queues the campaign's analysed conversations for analysis again; resolves to how many there are. */
export async function requeueCampaignAnalysis(db: Database, campaignId: string): Promise<number> {
  const conversationIds = await listAnalysedConversationIds(db, campaignId);
  await requeueJobs(db, 'analysis', conversationIds);
  return conversationIds.length;
}

/** Stores `next` under `key` unless it equals `current`; resolves to how many conversations are analysed again. */
export async function replaceAnalysisSetting<Value>(
  db: Database,
  campaignId: string,
  { key, current, next }: { key: AnalysisSettingKey; current: Value; next: Value },
): Promise<number> {
  if (isDeepStrictEqual(current, next)) return 0;
  return db.transaction(async (tx) => {
    await setCampaignSetting(tx, campaignId, key, next);
    return requeueCampaignAnalysis(tx, campaignId);
  });
}
