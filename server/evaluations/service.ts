// Launching evaluations: the whole grid or one item, by a person or automatically once a conversation is analysed.
import { campaignSettingsSchema } from '../../contract/campaigns';
import type { Database } from '../db/client';
import { gridItems } from '../domain/evaluation/grid';
import { NotFound, Unprocessable } from '../errors';
import { rulesEvaluationEngine } from './engine';
import { toDomainGrid } from './grid';
import {
  findCampaignOfConversation,
  findCurrentGrid,
  findEvaluationWork,
  queueEvaluationItem,
  queueWholeEvaluation,
  type EvaluationRecord,
} from './store';

/** Queues the conversation's evaluation with its campaign's current grid; 422 when the grid has no version yet. */
export async function launchEvaluation(
  db: Database,
  conversation: { id: string; campaignId: string },
): Promise<EvaluationRecord> {
  const grid = await findCurrentGrid(db, conversation.campaignId);
  if (!grid) throw new Unprocessable('The campaign has no published evaluation grid');
  return db.transaction((tx) => queueWholeEvaluation(tx, conversation.id, grid, rulesEvaluationEngine));
}

/** Queues one item of the conversation's evaluation again; 404 without an evaluation or for an item not in it. */
export async function launchEvaluationItem(
  db: Database,
  conversationId: string,
  itemId: string,
): Promise<EvaluationRecord> {
  const work = await findEvaluationWork(db, conversationId);
  if (!work) throw new NotFound('Evaluation');
  if (!gridItems(toDomainGrid(work.content)).some((item) => item.id === itemId))
    throw new NotFound('Evaluation item');
  return db.transaction((tx) => queueEvaluationItem(tx, work.evaluation, itemId));
}

/**
 * Once a conversation is analysed: queues its evaluation when its campaign evaluates automatically (the
 * default) and has a published grid.
 */
export async function evaluateAutomatically(db: Database, conversationId: string): Promise<boolean> {
  const campaign = await findCampaignOfConversation(db, conversationId);
  if (!campaign) return false;
  const settings = campaignSettingsSchema.safeParse(campaign.settings);
  if (settings.success && settings.data.auto_evaluate === false) return false;
  const grid = await findCurrentGrid(db, campaign.campaignId);
  if (!grid) return false;
  await db.transaction((tx) => queueWholeEvaluation(tx, conversationId, grid, rulesEvaluationEngine));
  return true;
}
