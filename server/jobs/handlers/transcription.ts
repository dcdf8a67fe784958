// The transcription job: the call transcribed (conversations/transcription/service.ts), its progress reported now
// and then, and its transcript written in one transaction with the job's completion and what the pipeline says
// follows.
import type { TranscriptionEngines } from '../../engines/transcription/availability';
import { transcribeConversation } from '../../conversations/transcription/service';
import type { JobContext, JobHandler } from '../handler';
import { afterTranscription, pipeline } from '../pipeline';

/** Progress goes out at most this often: enough for a progress bar, little for the database. */
const progressIntervalMs = 2000;

/** Reports the engine's progress (between `from` and `to` of the job's) now and then, without waiting for it. */
function throttledProgress(context: JobContext, from: number, to: number) {
  let last = 0;
  return (fraction: number) => {
    const now = Date.now();
    if (now - last < progressIntervalMs) return;
    last = now;
    context.reportProgress(from + (to - from) * fraction).catch((error: unknown) => {
      context.log.warn({ err: error }, 'job progress not recorded');
    });
  };
}

export function createTranscriptionHandler(engines: TranscriptionEngines): JobHandler {
  return (job, context) =>
    transcribeConversation(context, engines, job.conversationId, {
      onProgress: throttledProgress(context, 0.05, 0.95),
      storedTurns: pipeline.storedTurns,
      afterWrite: (tx) => afterTranscription(tx, job.conversationId),
    });
}
