// A stored evaluation as the API answers it.
import type { Evaluation } from '../../contract/evaluations';
import { toUnixSeconds } from '../db/time';
import type { EvaluationRecord } from './store';

export const toEvaluation = (row: EvaluationRecord): Evaluation => ({
  status: row.status,
  status_reason: row.statusReason,
  grid_id: row.gridId,
  grid_version: row.gridVersion,
  engine: row.engine,
  model: row.model,
  main_score: row.mainScore,
  section_scores: row.sectionScores,
  additional_scores: row.additionalScores,
  auto_failed: row.autoFailed,
  items: row.items,
  validated: row.validated,
  validated_by: row.validatedBy,
  validated_at: row.validatedAt ? toUnixSeconds(row.validatedAt) : null,
  updated_at: toUnixSeconds(row.updatedAt),
});
