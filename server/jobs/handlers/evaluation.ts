// The evaluation job: the conversation's turns through the engine with the grid version its evaluation was
// queued with (every item, or the items queued again), then, in one transaction with the job's completion, the
// answers and the scores computed again. Running it twice writes the same result.
import { rulesEvaluationEngine } from '../../evaluations/engine';
import { toDomainGrid } from '../../evaluations/grid';
import { evaluationResult } from '../../evaluations/result';
import { findEvaluationWork, markEvaluationRunning, saveEvaluationResult } from '../../evaluations/store';
import type { JobHandler } from '../handler';

export const evaluationHandler: JobHandler = async (job, context) => {
  const work = await findEvaluationWork(context.db, job.conversationId);
  if (!work) return;
  await markEvaluationRunning(context.db, job.conversationId);
  await context.reportProgress(0.1);

  const pending = work.evaluation.pendingItemIds;
  const whole = toDomainGrid(work.content);
  const grid = pending
    ? {
        ...whole,
        sections: whole.sections.map((section) => ({
          ...section,
          items: section.items.filter((item) => pending.includes(item.id)),
        })),
      }
    : whole;
  const outcomes = await rulesEvaluationEngine.evaluate(grid, work.turns, work.language);
  await context.reportProgress(0.9);

  const { items, scores } = evaluationResult(whole, outcomes, pending ? work.evaluation.items : []);
  await context.complete((tx) => saveEvaluationResult(tx, job.conversationId, items, scores));
};
