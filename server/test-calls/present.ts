// Test calls as the API answers them: where each stands, from its conversation's status and its evaluation's,
// and for one, its transcript, evaluation and how long each step took.
import type { TestCall, TestCallStatus, TestCallSummary, TestCallTimings } from '../../contract/test-calls';
import type { JobKind } from '../../contract/jobs';
import { toUnixSeconds } from '../db/time';
import { toEvaluation } from '../evaluations/present';
import type { TestCallJobRow, TestCallRow, TestCallSummaryRow } from './store';

function statusOf(row: TestCallSummaryRow): TestCallStatus {
  if (row.status === 'failed' || row.evaluationStatus === 'failed') return 'failed';
  if (row.evaluationStatus === 'done') return 'done';
  if (!row.started) return 'queued';
  if (row.status === 'transcribing') return 'transcribing';
  if (row.status === 'analysing') return 'analysing';
  // Analysed: its evaluation is queued (or about to be) or running.
  return 'evaluating';
}

export const toTestCallSummary = (row: TestCallSummaryRow): TestCallSummary => {
  const status = statusOf(row);
  const evaluationFailed = row.status !== 'failed' && row.evaluationStatus === 'failed';
  return {
    id: row.id,
    campaign_id: row.campaignId,
    file_name: row.fileName,
    source: row.source,
    status,
    status_reason: row.status === 'failed' ? row.statusReason : null,
    status_detail: status !== 'failed' ? null : evaluationFailed ? row.evaluationReason : row.statusDetail,
    main_score: row.evaluationStatus === 'done' ? row.mainScore : null,
    created_by: row.createdBy ? { id: row.createdBy, name: row.creatorName ?? '' } : null,
    created_at: toUnixSeconds(row.createdAt),
  };
};

const seconds = (from: Date | null | undefined, to: Date | null | undefined) =>
  from && to ? Math.max(0, (to.getTime() - from.getTime()) / 1000) : null;

/** The latest job of a kind: a step run again (a transcript edited, an evaluation launched) counts as its last run. */
const latest = (jobs: readonly TestCallJobRow[], kind: JobKind) =>
  jobs.filter((job) => job.kind === kind).at(-1);

function timingsOf({ summary, jobs }: TestCallRow): TestCallTimings {
  const run = (kind: JobKind) => {
    const job = latest(jobs, kind);
    return job?.status === 'done' ? seconds(job.startedAt, job.finishedAt) : null;
  };
  const evaluation = latest(jobs, 'evaluation');
  return {
    queued_s: seconds(summary.createdAt, jobs[0]?.startedAt),
    transcription_s: run('transcription'),
    analysis_s: run('analysis'),
    evaluation_s: run('evaluation'),
    total_s: evaluation?.status === 'done' ? seconds(summary.createdAt, evaluation.finishedAt) : null,
  };
}

export const toTestCall = (row: TestCallRow): TestCall => ({
  ...toTestCallSummary(row.summary),
  turns: row.turns,
  evaluation: row.evaluation ? toEvaluation(row.evaluation) : null,
  timings: timingsOf(row),
});
