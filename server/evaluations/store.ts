// Evaluations' SQL: a conversation's current evaluation, queueing it (whole or some items), what its job reads,
// and writing its result or its failure.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EvaluationItemResult } from '../../contract/evaluations';
import type { Database } from '../db/client';
import { campaigns, conversations, evaluationGridVersions, evaluations } from '../db/schema';
import type { EvaluationScores } from '../domain/evaluation/scoring';

export type EvaluationRecord = typeof evaluations.$inferSelect;

const live = ['queued', 'running'] as const;

/** The condition joining an evaluation to the row of the grid version it was made with. */
export const versionOfEvaluation = and(
  eq(evaluationGridVersions.gridId, evaluations.gridId),
  eq(evaluationGridVersions.version, evaluations.gridVersion),
);

export async function findEvaluation(db: Database, conversationId: string): Promise<EvaluationRecord | null> {
  const [row] = await db.select().from(evaluations).where(eq(evaluations.conversationId, conversationId));
  return row ?? null;
}

/**
 * Queues the whole evaluation with the grid's current version: the previous one is replaced (the engine's
 * answers, scores and validation are cleared; people's answers stay, for the job to keep those that still fit
 * the grid) and the job queued or started over.
 */
export async function queueWholeEvaluation(
  tx: Database,
  conversationId: string,
  grid: { gridId: string; version: number },
  engine: { name: EvaluationRecord['engine']; model: string | null },
): Promise<EvaluationRecord> {
  const values = {
    gridId: grid.gridId,
    gridVersion: grid.version,
    engine: engine.name,
    model: engine.model,
    status: 'queued' as const,
    statusReason: null,
    pendingItemIds: null,
    mainScore: null,
    sectionScores: [],
    additionalScores: [],
    autoFailed: false,
    items: [],
    validated: false,
    validatedBy: null,
    validatedAt: null,
    updatedAt: new Date(),
  };
  const humanAnswers = sql`jsonb_path_query_array(${evaluations.items}, '$[*] ? (@.source == "human")')`;
  const [row] = await tx
    .insert(evaluations)
    .values({ conversationId, ...values })
    .onConflictDoUpdate({ target: evaluations.conversationId, set: { ...values, items: humanAnswers } })
    .returning();
  if (!row) throw new Error('The evaluation was not queued');
  return row;
}

/**
 * Queues one item of an existing evaluation again, with the version it was made with, in one statement so that
 * items queued at once all stay queued. A whole run still waiting covers the item, and so does an evaluation
 * that never got answers (it runs whole); items already waiting stay so. The answers change, so a validation
 * is cleared.
 */
export async function queueEvaluationItem(
  tx: Database,
  conversationId: string,
  itemId: string,
): Promise<EvaluationRecord> {
  const item = sql`jsonb_build_array(${itemId}::text)`;
  const waiting = inArray(evaluations.status, [...live]);
  const pending = sql`case
    when ${evaluations.items} = '[]'::jsonb or (${waiting} and ${evaluations.pendingItemIds} is null) then null
    when ${waiting} and ${evaluations.pendingItemIds} @> ${item} then ${evaluations.pendingItemIds}
    when ${waiting} then ${evaluations.pendingItemIds} || ${item}
    else ${item}
  end`;
  const [row] = await tx
    .update(evaluations)
    .set({
      status: 'queued',
      statusReason: null,
      pendingItemIds: pending,
      validated: false,
      validatedBy: null,
      validatedAt: null,
      updatedAt: new Date(),
    })
    .where(eq(evaluations.conversationId, conversationId))
    .returning();
  if (!row) throw new Error('The evaluation item was not queued');
  return row;
}

/**
 * What the evaluation job reads: the evaluation, the conversation's turns and language, the grid version, and the
 * campaign (its settings choose the engine; usage is counted for its organisation).
 */
export async function findEvaluationWork(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      evaluation: evaluations,
      turns: conversations.turns,
      language: conversations.language,
      content: evaluationGridVersions.content,
      campaign: {
        id: campaigns.id,
        organisationId: campaigns.organisationId,
        language: campaigns.language,
        settings: campaigns.settings,
        redactForProviders: campaigns.redactForProviders,
      },
    })
    .from(evaluations)
    .innerJoin(conversations, eq(conversations.id, evaluations.conversationId))
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .innerJoin(evaluationGridVersions, versionOfEvaluation)
    .where(eq(evaluations.conversationId, conversationId));
  return row ?? null;
}

export async function markEvaluationRunning(db: Database, conversationId: string) {
  await db
    .update(evaluations)
    .set({ status: 'running', updatedAt: new Date() })
    .where(and(eq(evaluations.conversationId, conversationId), inArray(evaluations.status, [...live])));
}

/**
 * Writes the result: items, scores, the engine that made it, done, nothing left pending. `note` is the status
 * reason of a done evaluation (the rules engine stood in for the LLM), null otherwise.
 */
export async function saveEvaluationResult(
  db: Database,
  conversationId: string,
  result: {
    items: EvaluationItemResult[];
    scores: EvaluationScores;
    engine: { name: EvaluationRecord['engine']; model: string | null };
    note: string | null;
  },
) {
  const { items, scores, engine, note } = result;
  await db
    .update(evaluations)
    .set({
      status: 'done',
      statusReason: note,
      engine: engine.name,
      model: engine.model,
      pendingItemIds: null,
      items,
      mainScore: scores.main_score,
      sectionScores: scores.section_scores,
      additionalScores: scores.additional_scores,
      autoFailed: scores.auto_failed,
      updatedAt: new Date(),
    })
    .where(eq(evaluations.conversationId, conversationId));
}

/** The evaluation's job ended in failure: the evaluation says so; the conversation itself is untouched. */
export async function markEvaluationFailed(db: Database, conversationId: string, reason: string) {
  await db
    .update(evaluations)
    .set({ status: 'failed', statusReason: reason, pendingItemIds: null, updatedAt: new Date() })
    .where(eq(evaluations.conversationId, conversationId));
}

/** The conversation's campaign settings and whether it is a test, for whether it is evaluated automatically. */
export async function findCampaignOfConversation(db: Database, conversationId: string) {
  const [row] = await db
    .select({ campaignId: campaigns.id, settings: campaigns.settings, isTest: conversations.isTest })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(eq(conversations.id, conversationId));
  return row ?? null;
}

/**
 * Validates a done evaluation by `userId`, or un-validates it (`userId` null); null when the conversation has no
 * evaluation that is done.
 */
export async function setEvaluationValidation(
  db: Database,
  conversationId: string,
  userId: string | null,
): Promise<EvaluationRecord | null> {
  const [row] = await db
    .update(evaluations)
    .set({
      validated: userId !== null,
      validatedBy: userId,
      validatedAt: userId === null ? null : new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(evaluations.conversationId, conversationId), eq(evaluations.status, 'done')))
    .returning();
  return row ?? null;
}
