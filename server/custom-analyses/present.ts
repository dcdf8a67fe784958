// A stored custom analysis as the API answers it.
import type { CustomAnalysis } from '../../contract/custom-analyses';
import { toUnixSeconds } from '../db/time';
import type { CustomAnalysisRow } from './store';

export const toCustomAnalysis = (row: CustomAnalysisRow): CustomAnalysis => ({
  id: row.id,
  campaign_id: row.campaignId,
  name: row.name,
  question: row.question,
  type: row.type,
  options: row.options ?? null,
  rules: row.rules ?? null,
  created_at: toUnixSeconds(row.createdAt),
});

/** The stored analysis as an input, for a change to apply to (checked again as a whole). */
export const toCustomAnalysisInput = (row: CustomAnalysisRow): Record<string, unknown> => ({
  name: row.name,
  question: row.question,
  type: row.type,
  ...(row.options === null ? {} : { options: row.options }),
  ...(row.rules === null ? {} : { rules: row.rules }),
});
