// People's changes to evaluation items: the evaluation read for a change (its row held until the transaction
// ends), the change written with its record, and the records of one item across a campaign.
import { and, desc, eq, lt } from 'drizzle-orm';
import type { EvaluationItemResult, EvaluationValue } from '../../contract/evaluations';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { toPage } from '../db/lists';
import {
  conversations,
  evaluationGridVersions,
  evaluationItemUpdates,
  evaluations,
  users,
} from '../db/schema';
import { toUnixSeconds } from '../db/time';
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

/**
 * One page, newest first, of the changes to the item in the campaign's conversations (test conversations never
 * count); only the agent's own conversations when `agentId` is given.
 */
export async function listItemUpdates(
  db: Database,
  query: {
    campaignId: string;
    itemId: string;
    agentId: string | null;
    startAfter?: string | undefined;
    limit: number;
  },
) {
  const rows = await db
    .select({ update: evaluationItemUpdates, userName: users.name })
    .from(evaluationItemUpdates)
    .innerJoin(conversations, eq(conversations.id, evaluationItemUpdates.conversationId))
    .leftJoin(users, eq(users.id, evaluationItemUpdates.userId))
    .where(
      and(
        eq(evaluationItemUpdates.itemId, query.itemId),
        eq(conversations.campaignId, query.campaignId),
        eq(conversations.isTest, false),
        query.agentId === null ? undefined : eq(conversations.agentId, query.agentId),
        query.startAfter ? lt(evaluationItemUpdates.id, query.startAfter) : undefined,
      ),
    )
    .orderBy(desc(evaluationItemUpdates.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, ({ update, userName }) => ({
    id: update.id,
    conversation_id: update.conversationId,
    before: update.before,
    after: update.after,
    comment: update.comment,
    user: update.userId && userName !== null ? { id: update.userId, name: userName } : null,
    created_at: toUnixSeconds(update.createdAt),
  }));
}
