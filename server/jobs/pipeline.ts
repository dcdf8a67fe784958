// The conversation pipeline: what follows what, written once. Features and job handlers report what just
// happened; this module alone decides the next step and queues it, inside the transaction of the change that
// calls for it.
//
//   ingestion ─┬─ call (audio) ─▶ transcription ─▶ redaction ─▶ analysis ─▶ evaluation ─▶ alert matching ─▶ …
//              └─ text ─▶ redaction ────────────────────────────▲            (when the campaign evaluates
//                                                          automatically, or for a test call, with a published grid)
//   … ─▶ notifications. Redaction (the campaign's `redact_at_ingestion`) happens before the text is written: a
//   message as it arrives, a transcript (and a person's edit of it) as it is written.
//   evaluation ─▶ review sampling (the campaign's rules; never a test conversation) ─▶ notifications
//   re-launches: a call's transcription (and so all that follows it); an edited transcript, or a change of what
//   the analysis reads (topics, phases, custom analyses): the analysis; an evaluation, whole or some items: the
//   evaluation, then the alerts.
//
// The job handlers (./handlers/<kind>.ts) run one step and call the `after…` of it; features reach the steps
// they set going through `AppContext.pipeline` (the `ConversationPipeline` below), never by importing `jobs/`.
import type { Config } from '../config';
import type { ConversationPipeline } from '../context';
import type { Database } from '../db/client';
import { matchAlertsOfWrittenEvaluation } from '../evaluations/alerts';
import { evaluateAutomatically } from '../evaluations/service';
import { findConversationAudience } from '../live/audience';
import { sampleEvaluatedConversation, type SamplingDeps } from '../reviews/sampling-service';
import { redactTurns } from '../redaction/turns';
import { enqueueJob, enqueueJobs, requeueJob, requeueJobs } from './queue-store';

export const pipeline: ConversationPipeline = {
  storedTurns: (campaign, turns) => (campaign.redactAtIngestion ? redactTurns(turns) : turns),
  async afterIngestion(tx, created) {
    await enqueueJobs(
      tx,
      'transcription',
      created.filter((conversation) => conversation.hasAudio).map(({ id }) => id),
    );
    await enqueueJobs(
      tx,
      'analysis',
      created.filter((conversation) => !conversation.hasAudio).map(({ id }) => id),
    );
  },
  afterTranscriptEdit: (tx, conversationId) => enqueueJob(tx, { kind: 'analysis', conversationId }),
  async relaunchTranscription(tx, conversationId) {
    const job = await requeueJob(tx, { kind: 'transcription', conversationId });
    return { id: job.id, kind: 'transcription' };
  },
  relaunchAnalysis: (tx, conversationIds) => requeueJobs(tx, 'analysis', conversationIds),
  async launchEvaluation(tx, conversationId) {
    await requeueJob(tx, { kind: 'evaluation', conversationId });
  },
};

/** The call is transcribed (in the transaction that wrote its transcript): what it now says is analysed. */
export async function afterTranscription(tx: Database, conversationId: string): Promise<void> {
  await requeueJob(tx, { kind: 'analysis', conversationId });
}

/** The conversation is analysed: it is evaluated when its campaign asks for it. */
export function afterAnalysis(db: Database, config: Config, conversationId: string): Promise<void> {
  return evaluateAutomatically(db, config, pipeline, conversationId);
}

/**
 * The evaluation is written (in the transaction that wrote it): the campaign's alerts are matched against it and
 * their recipients among the conversation's readers notified, and its review rules sample it for reviewers.
 */
export async function afterEvaluation(
  tx: Database,
  deps: SamplingDeps,
  conversationId: string,
): Promise<void> {
  const audience = await findConversationAudience(tx, conversationId);
  if (!audience) return;
  await matchAlertsOfWrittenEvaluation(tx, deps.hub, audience);
  await sampleEvaluatedConversation(tx, deps, conversationId);
}
