// Running an evaluation: the conversation's turns through the campaign's engine with the grid version its
// evaluation was queued with, then, in one transaction, the answers and the scores computed again, with the run's
// usage (the run, and each provider call's tokens). A whole run keeps people's answers to items still in the grid
// with the same type; a re-launched item is answered again whoever answered it. Running it twice writes the same
// result (the provider's answers aside).
import type { EvaluationItemResult } from '../../contract/evaluations';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Grid } from '../domain/evaluation/grid';
import { gridItems } from '../domain/evaluation/grid';
import { valueFits } from '../domain/evaluation/item-score';
import { toDomainGrid } from '../domain/evaluation/stored-grid';
import type { TokenUsage } from '../engines/openai-compatible/chat';
import { evaluationUsageEvents } from '../usage/evaluation-usage';
import { recordUsage } from '../usage/store';
import { engineFor, llmUnavailableReason } from './engine-choice';
import { evaluationResult } from './result';
import { findEvaluationWork, markEvaluationRunning, saveEvaluationResult } from './store';

/** People's answers that still fit the grid: the item is there, of the same type, and the answer fits it. */
function keptHumanAnswers(grid: Grid, items: readonly EvaluationItemResult[]): EvaluationItemResult[] {
  const byId = new Map(gridItems(grid).map((item) => [item.id, item]));
  return items.filter((result) => {
    const item = byId.get(result.item_id);
    return (
      result.source === 'human' &&
      item !== undefined &&
      result.value !== null &&
      valueFits(item, result.value)
    );
  });
}

const onlyItems = (grid: Grid, keep: (id: string) => boolean): Grid => ({
  ...grid,
  sections: grid.sections.map((section) => ({
    ...section,
    items: section.items.filter((item) => keep(item.id)),
  })),
});

/** What an evaluation runs with: its database and configuration, and how it reports progress and writes. */
export interface EvaluationRun {
  db: Database;
  config: Config;
  /** Records the run's progress (0–1). */
  reportProgress(progress: number): Promise<void>;
  /** Runs the run's writes in the one transaction that also marks its work complete. */
  complete<T>(write: (tx: Database) => Promise<T>): Promise<T>;
}

/**
 * Evaluates the conversation as its queued evaluation asks and writes the result; `afterWrite` runs in the same
 * transaction (what follows an evaluation). Nothing happens when the conversation has no evaluation to run.
 */
export async function runEvaluation(
  context: EvaluationRun,
  conversationId: string,
  afterWrite: (tx: Database) => Promise<void>,
): Promise<void> {
  const work = await findEvaluationWork(context.db, conversationId);
  if (!work) return;
  await markEvaluationRunning(context.db, conversationId);
  await context.reportProgress(0.1);

  const whole = toDomainGrid(work.content);
  const pending = work.evaluation.pendingItemIds;
  const kept = pending ? work.evaluation.items : keptHumanAnswers(whole, work.evaluation.items);
  const keptIds = new Set(kept.map((item) => item.item_id));
  const grid = pending
    ? onlyItems(whole, (id) => pending.includes(id))
    : onlyItems(whole, (id) => !keptIds.has(id));
  const calls: TokenUsage[] = [];
  const { engine, fellBack } = engineFor(context.config, work.campaign.settings, {
    grid,
    language: work.campaign.language,
    recordCall: (usage) => calls.push(usage),
    redact: work.campaign.redactForProviders,
  });
  const outcomes = await engine.evaluate(grid, work.turns, work.language);
  await context.reportProgress(0.9);

  const { items, scores } = evaluationResult(whole, outcomes, kept);
  await context.complete(async (tx) => {
    await saveEvaluationResult(tx, conversationId, {
      items,
      scores,
      engine,
      note: fellBack ? llmUnavailableReason : null,
    });
    await recordUsage(
      tx,
      evaluationUsageEvents({
        organisationId: work.campaign.organisationId,
        campaignId: work.campaign.id,
        conversationId,
        engine: engine.name,
        model: engine.model,
        calls,
      }),
    );
    await afterWrite(tx);
  });
}
