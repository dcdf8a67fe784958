// Campaign settings the analysis reads (topics, conversation phases): replacing one stores it in the campaign's
// settings and, when it changed, hands the campaign's analysed conversations to the pipeline to be analysed
// again, in one transaction, so that their results follow the definitions. Custom analyses do the same.
import { isDeepStrictEqual } from 'node:util';
import type { ConversationPipeline } from '../context';
import type { Database } from '../db/client';
import { listAnalysedConversationIds, setCampaignSetting } from './analysis-settings-store';

/** The keys of the campaign settings the analysis reads. */
export type AnalysisSettingKey = 'topics' | 'conversation_phases';

/** The analysis re-launched on the campaign's analysed conversations, in `tx`; resolves to how many there are. */
export async function reanalyseCampaign(
  tx: Database,
  pipeline: Pick<ConversationPipeline, 'relaunchAnalysis'>,
  campaignId: string,
): Promise<number> {
  const conversationIds = await listAnalysedConversationIds(tx, campaignId);
  await pipeline.relaunchAnalysis(tx, conversationIds);
  return conversationIds.length;
}

/** Stores `next` under `key` unless it equals `current`; resolves to how many conversations are analysed again. */
export async function replaceAnalysisSetting<Value>(
  { db, pipeline }: { db: Database; pipeline: Pick<ConversationPipeline, 'relaunchAnalysis'> },
  campaignId: string,
  { key, current, next }: { key: AnalysisSettingKey; current: Value; next: Value },
): Promise<number> {
  if (isDeepStrictEqual(current, next)) return 0;
  return db.transaction(async (tx) => {
    await setCampaignSetting(tx, campaignId, key, next);
    return reanalyseCampaign(tx, pipeline, campaignId);
  });
}
