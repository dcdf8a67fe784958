// People's changes to evaluation items: the evaluation read for a change (its row held until the transaction
// ends), and the change written with its record (read back by server/validation-stats/).
import { eq } from 'drizzle-orm';
import type { EvaluationItemResult, EvaluationValue } from '../../contract/evaluations';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { evaluationGridVersions, evaluationItemUpdates, evaluations } from '../db/schema';
import type { EvaluationScores } from '../domain/evaluation/scoring';
import { versionOfEvaluation, type EvaluationRecord } from './store';

/** The evaluation and its grid version, its row locked against another change until the transaction ends. */
export async function lockEvaluation(tx: Database, conversationId: string) {
  const [row] = await tx
    .select({ evaluation: evaluations, content: evaluationGridVersions.content })
    .from(evaluations)
    .innerJoin(evaluationGridVersions, versionOfEvaluation)
    .where(eq(evaluations.conversationId, conversationId))
    .for('update', { of: evaluations });
  return row ?? null;
}

/** Writes the changed items, scores and engine answers kept; `clearValidation` when an answer changed. */
export async function saveChangedItems(
  tx: Database,
  conversationId: string,
  change: {
    items: EvaluationItemResult[];
    scores: EvaluationScores;
    engineValues: EvaluationRecord['engineValues'];
    clearValidation: boolean;
  },
): Promise<EvaluationRecord> {
  const { items, scores } = change;
  const [row] = await tx
    .update(evaluations)
    .set({
      items,
      engineValues: change.engineValues,
      mainScore: scores.main_score,
      sectionScores: scores.section_scores,
      additionalScores: scores.additional_scores,
      autoFailed: scores.auto_failed,
      ...(change.clearValidation ? { validated: false, validatedBy: null, validatedAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(evaluations.conversationId, conversationId))
    .returning();
  if (!row) throw new Error('The evaluation was not changed');
  return row;
}

export async function recordItemUpdate(
  tx: Database,
  update: {
    evaluation: EvaluationRecord;
    itemId: string;
    before: EvaluationValue | null;
    after: EvaluationValue | null;
    comment: string | null;
    userId: string;
  },
) {
  await tx.insert(evaluationItemUpdates).values({
    id: newId(),
    conversationId: update.evaluation.conversationId,
    gridId: update.evaluation.gridId,
    gridVersion: update.evaluation.gridVersion,
    itemId: update.itemId,
    before: update.before,
    after: update.after,
    comment: update.comment,
    userId: update.userId,
  });
}
