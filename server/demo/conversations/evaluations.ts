// The demo conversations' evaluations, made when the demo is seeded so that the statistics pages show real numbers
// at once: every demo conversation not yet evaluated goes through the rules engine with its campaign's grid, and
// every third one (in start order) is validated by the demo supervisor, some after correcting an answer with a
// comment (recorded in the item's history as a person's change would be). Deterministic: the same conversations
// give the same evaluations, corrections and validations.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { EvaluationItemResult, EvaluationValue } from '../../../contract/evaluations';
import type { EvaluationGridContent } from '../../../contract/evaluation-grids';
import type { Language } from '../../../contract/enums';
import { rulesEvaluationEngine } from '../../evaluations/engine';
import { toDomainGrid } from '../../domain/evaluation/stored-grid';
import { evaluationResult } from '../../evaluations/result';
import type { Database } from '../../db/client';
import { demoCampaigns, demoUsers } from '../data';
import { customerCareGrid, customerCareGridId, serviceClientGrid, serviceClientGridId } from '../grids';
import { newId } from '../../db/ids';
import { conversations, evaluationItemUpdates, evaluations } from '../../db/schema';

const grids = new Map<string, { id: string; content: EvaluationGridContent }>([
  [demoCampaigns.customerCare.id, { id: customerCareGridId, content: customerCareGrid }],
  [demoCampaigns.serviceClient.id, { id: serviceClientGridId, content: serviceClientGrid }],
]);

/** The supervisor's comments on a corrected answer, in each campaign's language. */
const correctionComments: Record<Language, string[]> = {
  en: [
    'Listened again: the agent did say it, in other words.',
    'The phrase is there but out of place; not met.',
    'Borderline; counted as discussed in the team meeting.',
  ],
  fr: [
    'Réécouté : le conseiller l’a bien dit, en d’autres mots.',
    'La formule y est mais mal placée ; non respecté.',
    'Cas limite ; compté comme convenu en réunion d’équipe.',
  ],
};

const hour = 3600 * 1000;
const flipped = (value: EvaluationValue | null): EvaluationValue | null =>
  value === 'yes' ? 'no' : value === 'no' ? 'yes' : value;

interface DemoConversation {
  id: string;
  campaignId: string;
  language: Language;
  startedAt: Date;
  turns: (typeof conversations.$inferSelect)['turns'];
}

/**
 * The person's change to the `rank`-th validated conversation, if any: every other one gets a level for the
 * item the rules leave to people; every third one has a binary answer of the engine turned round, with a comment.
 */
function correctionOf(
  rank: number,
  grid: EvaluationGridContent,
  items: EvaluationItemResult[],
  language: Language,
) {
  const stored = grid.sections.flatMap((section) => section.items);
  const levels = stored.find((item) => item.type === 'multiple_levels_item');
  const ruled = stored.filter(
    (item) =>
      item.type === 'binary_item' &&
      items.some((result) => result.item_id === item.id && (result.value === 'yes' || result.value === 'no')),
  );
  if (rank % 3 === 1 && ruled.length > 0) {
    const item = ruled[rank % ruled.length]!;
    const current = items.find((result) => result.item_id === item.id)!;
    return {
      itemId: item.id,
      value: flipped(current.value),
      comment: correctionComments[language][rank % 3] ?? null,
    };
  }
  if (rank % 2 === 0 && levels?.type === 'multiple_levels_item')
    return { itemId: levels.id, value: (rank / 2) % levels.levels.length, comment: null };
  return null;
}

/** The evaluation row of one conversation, and the history row of its correction when it has one. */
async function evaluationOf(conversation: DemoConversation, rank: number | null, now: Date) {
  const grid = grids.get(conversation.campaignId);
  if (!grid) return null;
  const domainGrid = toDomainGrid(grid.content);
  const outcomes = await rulesEvaluationEngine.evaluate(
    domainGrid,
    conversation.turns,
    conversation.language,
  );
  const engine = evaluationResult(domainGrid, outcomes, []);
  const correction =
    rank === null ? null : correctionOf(rank, grid.content, engine.items, conversation.language);
  const engineValues: Record<string, EvaluationValue | null> = {};
  let { items, scores } = engine;
  if (correction) {
    const before = items.find((item) => item.item_id === correction.itemId);
    engineValues[correction.itemId] = before?.value ?? null;
    const changed = items.map((item) =>
      item.item_id === correction.itemId
        ? {
            ...item,
            value: correction.value,
            source: 'human' as const,
            comment: correction.comment,
            not_evaluated_reason: null,
          }
        : item,
    );
    ({ items, scores } = evaluationResult(domainGrid, [], changed));
  }
  const reviewedAt = new Date(Math.min(conversation.startedAt.getTime() + 26 * hour, now.getTime()));
  const validatedAt = new Date(Math.min(reviewedAt.getTime() + hour, now.getTime()));
  const evaluation = {
    conversationId: conversation.id,
    gridId: grid.id,
    gridVersion: 1,
    engine: rulesEvaluationEngine.name,
    model: rulesEvaluationEngine.model,
    status: 'done' as const,
    items,
    engineValues,
    mainScore: scores.main_score,
    sectionScores: scores.section_scores,
    additionalScores: scores.additional_scores,
    autoFailed: scores.auto_failed,
    validated: rank !== null,
    validatedBy: rank === null ? null : demoUsers.supervisor.id,
    validatedAt: rank === null ? null : validatedAt,
    updatedAt: rank === null ? conversation.startedAt : validatedAt,
  };
  const update = correction && {
    id: newId(reviewedAt),
    conversationId: conversation.id,
    gridId: grid.id,
    gridVersion: 1,
    itemId: correction.itemId,
    before: engineValues[correction.itemId] ?? null,
    after: correction.value,
    comment: correction.comment,
    userId: demoUsers.supervisor.id,
    createdAt: reviewedAt,
  };
  return { evaluation, update };
}

const batchSize = 100;

/**
 * Evaluates the demo campaigns' conversations that have no evaluation yet, in start order; every third one is
 * validated. Returns how many were evaluated.
 */
export async function evaluateDemoConversations(db: Database, now: Date): Promise<number> {
  const rows = await db
    .select({
      id: conversations.id,
      campaignId: conversations.campaignId,
      language: conversations.language,
      startedAt: conversations.startedAt,
      turns: conversations.turns,
    })
    .from(conversations)
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(and(inArray(conversations.campaignId, [...grids.keys()]), isNull(evaluations.conversationId)))
    .orderBy(asc(conversations.startedAt), asc(conversations.id));
  const made = await Promise.all(
    rows.map((row, index) => evaluationOf(row, index % 3 === 0 ? index / 3 : null, now)),
  );
  const evaluationRows = made.flatMap((entry) => (entry ? [entry.evaluation] : []));
  const updateRows = made.flatMap((entry) => (entry?.update ? [entry.update] : []));
  for (let start = 0; start < evaluationRows.length; start += batchSize)
    await db.insert(evaluations).values(evaluationRows.slice(start, start + batchSize));
  if (updateRows.length > 0) await db.insert(evaluationItemUpdates).values(updateRows);
  return evaluationRows.length;
}
