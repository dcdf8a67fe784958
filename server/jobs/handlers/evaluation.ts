// The evaluation job: the conversation's queued evaluation run (evaluations/run.ts), written in one transaction
// with the job's completion and with what the pipeline says follows.
import { runEvaluation } from '../../evaluations/run';
import type { PreviousPeriodCounts } from '../../reviews/previous-period-counts';
import type { JobHandler } from '../handler';
import { afterEvaluation } from '../pipeline';

export function createEvaluationHandler(previousPeriodCounts: PreviousPeriodCounts): JobHandler {
  return (job, context) =>
    runEvaluation(context, job.conversationId, (tx) =>
      afterEvaluation(tx, { hub: context.hub, previousPeriodCounts }, job.conversationId),
    );
}
