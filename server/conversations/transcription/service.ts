// A call's transcription: launching it (the call waits for its transcript, the pipeline queues the job again, and
// the people who read the call are told, all when the change commits), and running it (the call's audio through
// the engine for its language, then the transcript, the audio's duration and a new transcript version written in
// one transaction).
import type { ConversationPipeline } from '../../context';
import type { Database } from '../../db/client';
import type { TranscriptionEngines } from '../../engines/transcription/availability';
import { transcribeCall } from '../../engines/transcription/transcribe';
import { PermanentJobError } from '../../errors';
import { announceConversationStatus, toJobProgress } from '../../live/conversation-status';
import type { LiveHub } from '../../live/hub';
import type { FileStorage } from '../../storage/files';
import { findCallToTranscribe, findConversationRow, markTranscribing, saveTranscript } from './store';

export async function launchTranscription(
  {
    db,
    hub,
    pipeline,
  }: { db: Database; hub: LiveHub; pipeline: Pick<ConversationPipeline, 'relaunchTranscription'> },
  conversationId: string,
) {
  await db.transaction(async (tx) => {
    await markTranscribing(tx, conversationId);
    const job = await pipeline.relaunchTranscription(tx, conversationId);
    await announceConversationStatus(
      tx,
      hub,
      conversationId,
      toJobProgress(job, { status: 'queued', progress: 0 }),
    );
  });
  return findConversationRow(db, conversationId);
}

/** What a transcription runs with: the database and files, a signal that stops it, and its one transaction. */
export interface TranscriptionRun {
  db: Database;
  files: FileStorage;
  signal: AbortSignal;
  /** Runs the run's writes in the one transaction that also marks its work complete. */
  complete<T>(write: (tx: Database) => Promise<T>): Promise<T>;
}

/**
 * Transcribes the call and writes its transcript, with `afterWrite` in the same transaction (what follows a
 * transcription); nothing happens when the conversation is gone, and a call without audio fails for good.
 */
export async function transcribeConversation(
  context: TranscriptionRun,
  engines: TranscriptionEngines,
  conversationId: string,
  {
    onProgress,
    storedTurns,
    afterWrite,
  }: {
    onProgress: (fraction: number) => void;
    /** The transcript's turns as the pipeline stores them (redacted when the campaign asks). */
    storedTurns: ConversationPipeline['storedTurns'];
    afterWrite: (tx: Database) => Promise<void>;
  },
): Promise<void> {
  const call = await findCallToTranscribe(context.db, conversationId);
  if (!call) return;
  if (!call.audioKey)
    throw new PermanentJobError('audio_missing', 'This conversation has no audio to transcribe');
  const { audioKey } = call;
  const transcript = await transcribeCall(engines, () => context.files.stream(audioKey), {
    language: call.language,
    signal: context.signal,
    onProgress,
  });
  await context.complete(async (tx) => {
    await saveTranscript(tx, conversationId, { ...transcript, turns: storedTurns(call, transcript.turns) });
    await afterWrite(tx);
  });
}
