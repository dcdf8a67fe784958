// Saving a custom analysis: a new analysis, or a change of what one asks, re-launches the analysis of the
// campaign's analysed conversations in the same transaction, so that they answer it (backfill).
import type { CustomAnalysisInput } from '../../contract/custom-analyses';
import { reanalyseCampaign } from '../campaigns/analysis-settings';
import type { ConversationPipeline } from '../context';
import type { Database } from '../db/client';
import { insertCustomAnalysis, updateCustomAnalysis, type CustomAnalysisRow } from './store';

type Deps = { db: Database; pipeline: Pick<ConversationPipeline, 'relaunchAnalysis'> };

/** A stored analysis and how many conversations are analysed again to answer it. */
export interface SavedCustomAnalysis {
  row: CustomAnalysisRow;
  reanalysing: number;
}

export function createCustomAnalysis(
  { db, pipeline }: Deps,
  campaignId: string,
  input: CustomAnalysisInput,
): Promise<SavedCustomAnalysis> {
  return db.transaction(async (tx) => {
    const row = await insertCustomAnalysis(tx, campaignId, input);
    return { row, reanalysing: await reanalyseCampaign(tx, pipeline, campaignId) };
  });
}

/** Changes the analysis; when what it asks changed, the campaign's conversations answer it anew. */
export function changeCustomAnalysis(
  { db, pipeline }: Deps,
  before: CustomAnalysisRow,
  input: CustomAnalysisInput,
): Promise<SavedCustomAnalysis> {
  return db.transaction(async (tx) => {
    const { row, askedChanged } = await updateCustomAnalysis(tx, before, input);
    if (!askedChanged) return { row, reanalysing: 0 };
    return { row, reanalysing: await reanalyseCampaign(tx, pipeline, before.campaignId) };
  });
}
