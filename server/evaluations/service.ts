// Launching evaluations (the whole grid or one item, by a person or automatically once a conversation is
// analysed) and validating them.
import { autoEvaluates } from '../campaigns/settings';
import { appendAuditEntry, type AuditSource } from '../audit-log/store';
import type { Database } from '../db/client';
import { gridItems } from '../domain/evaluation/grid';
import type { ConversationStatus } from '../../contract/conversations';
import { Conflict, NotFound, Unprocessable } from '../errors';
import type { Config } from '../config';
import type { ConversationPipeline } from '../context';
import { findCurrentGrid } from '../evaluation-grids/store';
import { chooseEngine } from './engine-choice';
import { toDomainGrid } from '../domain/evaluation/stored-grid';
import {
  findCampaignOfConversation,
  findEvaluation,
  findEvaluationWork,
  queueEvaluationItem,
  queueWholeEvaluation,
  setEvaluationValidation,
  type EvaluationRecord,
} from './store';

/** The transcript is still changing: evaluating it now would answer on turns about to be replaced. */
function assertSettled(status: ConversationStatus) {
  if (status === 'transcribing' || status === 'analysing')
    throw new Conflict('The conversation is still being transcribed or analysed');
}

/**
 * Queues the conversation's evaluation with its campaign's current grid; 422 when the grid has no version yet,
 * 409 while the conversation is being transcribed or analysed.
 */
export async function launchEvaluation(
  db: Database,
  config: Config,
  pipeline: Pick<ConversationPipeline, 'launchEvaluation'>,
  conversation: { id: string; campaignId: string; status: ConversationStatus },
): Promise<EvaluationRecord> {
  assertSettled(conversation.status);
  const campaign = await findCampaignOfConversation(db, conversation.id);
  if (!campaign) throw new NotFound('Conversation');
  const grid = await findCurrentGrid(db, conversation.campaignId);
  if (!grid) throw new Unprocessable('The campaign has no published evaluation grid');
  const engine = chooseEngine(config, campaign.settings);
  return db.transaction(async (tx) => {
    const queued = await queueWholeEvaluation(tx, conversation.id, grid, engine);
    await pipeline.launchEvaluation(tx, conversation.id);
    return queued;
  });
}

/** Queues one item of the conversation's evaluation again; 404 without an evaluation or for an item not in it. */
export async function launchEvaluationItem(
  db: Database,
  pipeline: Pick<ConversationPipeline, 'launchEvaluation'>,
  conversation: { id: string; status: ConversationStatus },
  itemId: string,
): Promise<EvaluationRecord> {
  assertSettled(conversation.status);
  const work = await findEvaluationWork(db, conversation.id);
  if (!work) throw new NotFound('Evaluation');
  if (!gridItems(toDomainGrid(work.content)).some((item) => item.id === itemId))
    throw new NotFound('Evaluation item');
  return db.transaction(async (tx) => {
    const queued = await queueEvaluationItem(tx, conversation.id, itemId);
    await pipeline.launchEvaluation(tx, conversation.id);
    return queued;
  });
}

/**
 * Once a conversation is analysed: queues its evaluation when its campaign evaluates automatically (the
 * default), or it is a test call (sent to be evaluated), and the campaign has a published grid. A validated
 * evaluation is a person's final word: never replaced automatically.
 */
export async function evaluateAutomatically(
  db: Database,
  config: Config,
  pipeline: Pick<ConversationPipeline, 'launchEvaluation'>,
  conversationId: string,
): Promise<void> {
  const campaign = await findCampaignOfConversation(db, conversationId);
  if (!campaign) return;
  if (!campaign.isTest && !autoEvaluates(campaign.settings)) return;
  if ((await findEvaluation(db, conversationId))?.validated) return;
  const grid = await findCurrentGrid(db, campaign.campaignId);
  if (!grid) return;
  const engine = chooseEngine(config, campaign.settings);
  await db.transaction(async (tx) => {
    await queueWholeEvaluation(tx, conversationId, grid, engine);
    await pipeline.launchEvaluation(tx, conversationId);
  });
}

/**
 * Validates the conversation's evaluation (by `userId`) or un-validates it (null): 404 without an evaluation, 409
 * while it is queued, running or failed (there is nothing final to validate).
 */
export async function validateEvaluation(
  db: Database,
  conversationId: string,
  userId: string | null,
  audit: { source: AuditSource; organisationId: string },
): Promise<EvaluationRecord> {
  const validated = await db.transaction(async (tx) => {
    const row = await setEvaluationValidation(tx, conversationId, userId);
    if (row) {
      await appendAuditEntry(tx, audit.source, {
        organisationId: audit.organisationId,
        action: userId === null ? 'evaluation.unvalidated' : 'evaluation.validated',
        target: { type: 'conversation', id: conversationId },
        details: { main_score: row.mainScore },
      });
    }
    return row;
  });
  if (validated) return validated;
  if (!(await findEvaluation(db, conversationId))) throw new NotFound('Evaluation');
  throw new Conflict('Only a finished evaluation can be validated or un-validated');
}
