// The transcription job: the call's audio through the engine for its language, then, in one transaction with the
// job's completion, the transcript, the audio's duration and a new transcript version; what follows is the
// pipeline's.
import type { TranscriptionEngines } from '../../engines/transcription/availability';
import { transcribeCall } from '../../engines/transcription/transcribe';
import { findCallToTranscribe, saveTranscript } from '../../conversations/transcription/store';
import { PermanentJobError } from '../../errors';
import type { JobContext, JobHandler } from '../handler';
import { afterTranscription } from '../pipeline';

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
  return async (job, context) => {
    const call = await findCallToTranscribe(context.db, job.conversationId);
    if (!call) return;
    if (!call.audioKey)
      throw new PermanentJobError('audio_missing', 'This conversation has no audio to transcribe');
    const { audioKey } = call;
    const transcript = await transcribeCall(engines, () => context.files.stream(audioKey), {
      language: call.language,
      signal: context.signal,
      onProgress: throttledProgress(context, 0.05, 0.95),
    });
    await context.complete(async (tx) => {
      await saveTranscript(tx, job.conversationId, transcript);
      await afterTranscription(tx, job.conversationId);
    });
  };
}
