// The job handlers, one per job kind: what the worker runs for each kind it claims. A kind without a handler here
// is left in the queue for a server that has one.
import type { JobKind } from '../../../contract/jobs';
import type { TranscriptionEngines } from '../../engines/transcription/availability';
import type { JobHandler } from '../handler';
import { analysisHandler } from './analysis';
import { evaluationHandler } from './evaluation';
import { createTranscriptionHandler } from './transcription';

export type JobHandlers = Partial<Record<JobKind, JobHandler>>;

export function createJobHandlers({ transcription }: { transcription: TranscriptionEngines }): JobHandlers {
  return {
    transcription: createTranscriptionHandler(transcription),
    analysis: analysisHandler,
    evaluation: evaluationHandler,
  };
}
