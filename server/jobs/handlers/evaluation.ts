// The evaluation job: the conversation's queued evaluation run (evaluations/run.ts), written in one transaction
// with the job's completion and with what the pipeline says follows.
import { runEvaluation } from '../../evaluations/run';
import type { JobHandler } from '../handler';
import { afterEvaluation } from '../pipeline';

export const evaluationHandler: JobHandler = (job, context) =>
  runEvaluation(context, job.conversationId, (tx) => afterEvaluation(tx, context.hub, job.conversationId));
