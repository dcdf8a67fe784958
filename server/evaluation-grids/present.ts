// Turns grid rows into the API's grid, draft and version shapes.
import type {
  EvaluationGrid,
  EvaluationGridDraft,
  EvaluationGridVersionSummary,
} from '../../contract/evaluation-grids';
import { toUnixSeconds } from '../db/time';
import type { GridDraftRecord, GridRecord, GridVersionRecord } from './store';

export const toEvaluationGrid = (grid: GridRecord, version: GridVersionRecord): EvaluationGrid => ({
  id: grid.id,
  campaign_id: grid.campaignId,
  version: version.version,
  sections: version.content.sections,
  additional_scores: version.content.additional_scores,
  updated_at: toUnixSeconds(version.createdAt),
});

export const toVersionSummary = (
  row: Pick<GridVersionRecord, 'version' | 'createdBy' | 'createdAt'>,
): EvaluationGridVersionSummary => ({
  version: row.version,
  created_by: row.createdBy,
  created_at: toUnixSeconds(row.createdAt),
});

export const toEvaluationGridDraft = (draft: GridDraftRecord): EvaluationGridDraft => ({
  sections: draft.content.sections,
  additional_scores: draft.content.additional_scores,
  updated_at: toUnixSeconds(draft.updatedAt),
  updated_by:
    draft.updatedById !== null && draft.updatedByName !== null
      ? { id: draft.updatedById, name: draft.updatedByName }
      : null,
});
