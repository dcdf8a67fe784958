// The job handlers, one per job kind: what the worker runs for each kind it claims. A kind without a handler here
// is left in the queue for a server that has one.
import type { JobKind } from '../../../contract/jobs';
import type { TranscriptionEngines } from '../../engines/transcription/availability';
import type { PreviousPeriodCounts } from '../../reviews/previous-period-counts';
import type { JobHandler } from '../handler';
import { analysisHandler } from './analysis';
import { createEvaluationHandler } from './evaluation';
import { createTranscriptionHandler } from './transcription';

export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

export interface JobHandlerDeps {
  transcription: TranscriptionEngines;
  /** The app's cache of the counts review sampling reads after an evaluation. */
  previousPeriodCounts: PreviousPeriodCounts;
}

export function createJobHandlers({ transcription, previousPeriodCounts }: JobHandlerDeps): JobHandlers {
  return {
    transcription: createTranscriptionHandler(transcription),
    analysis: analysisHandler,
    evaluation: createEvaluationHandler(previousPeriodCounts),
  };
}
