// The job worker: a loop in the server process that claims due jobs of the kinds it has handlers for, up to a
// number at a time per kind, and runs them. It wakes when a job is queued (NOTIFY on the `jobs` channel, from
// any server instance) and every few seconds for retries that have come due and leases that have lapsed.
import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '../../contract/jobs';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { PermanentJobError } from '../errors';
import { findConversationAudience, type ConversationAudience } from '../live/audience';
import { publishConversationStatus, toJobProgress } from '../live/conversation-status';
import type { LiveHub } from '../live/hub';
import type { FileStorage } from '../storage/files';
import { failureReasonOf, JobLostError, type JobContext, type JobHandler } from './handler';
import type { JobHandlers } from './handlers/index';
import {
  claimJob,
  completeJob,
  failJob,
  jobsChannel,
  releaseJob,
  releaseOrphanedJobs,
  renewJob,
  type JobRow,
} from './queue-store';
import { markWorkFailed } from './store';

export interface JobWorkerOptions {
  config: Config;
  database: DatabaseHandle;
  files: FileStorage;
  hub: LiveHub;
  log: FastifyBaseLogger;
  handlers: JobHandlers;
  /** How long a claim holds a job; renewed while its handler runs. */
  leaseSeconds?: number;
  /** How often the queue is looked at without a wake-up. */
  pollSeconds?: number;
  /** How long stopping waits for running jobs before it abandons them to the queue. */
  stopGraceMs?: number;
}

export interface JobWorker {
  start(): Promise<void>;
  /** Stops claiming, lets running jobs finish for a while, then gives the rest back to the queue. */
  stop(): Promise<void>;
}

/** The reason a handler's signal gives when the server stops under it. */
class WorkerStoppingError extends Error {
  override name = 'WorkerStoppingError';
  constructor() {
    super('The server is stopping');
  }
}

interface RunningJob {
  kind: JobKind;
  controller: AbortController;
  finished: Promise<void>;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createJobWorker({
  config,
  database,
  files,
  hub,
  log,
  handlers,
  leaseSeconds = 60,
  pollSeconds = 5,
  stopGraceMs = 5000,
}: JobWorkerOptions): JobWorker {
  const { db } = database;
  const kinds = (Object.keys(handlers) as JobKind[]).filter((kind) => config.engines[kind].concurrency > 0);
  const running = new Map<string, RunningJob>();
  let stopping = false;
  let claiming: Promise<void> | null = null;
  let claimAgain = false;
  let poll: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const runningOf = (kind: JobKind) => [...running.values()].filter((job) => job.kind === kind).length;

  /** Claims due jobs until every kind is at its limit or has nothing due; one pass at a time. */
  function wake() {
    if (stopping) return;
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = claimDueJobs()
      .catch((error: unknown) => log.error({ err: error }, 'claiming jobs failed; trying again shortly'))
      .finally(() => {
        claiming = null;
        if (claimAgain) {
          claimAgain = false;
          wake();
        }
      });
  }

  async function claimDueJobs() {
    for (const kind of kinds) {
      while (!stopping && runningOf(kind) < config.engines[kind].concurrency) {
        const job = await claimJob(db, [kind], leaseSeconds);
        if (!job) break;
        if (stopping) {
          await releaseJob(db, job);
          break;
        }
        launch(job, handlers[kind] as JobHandler);
      }
    }
  }

  function launch(job: JobRow, handler: JobHandler) {
    const controller = new AbortController();
    const finished = run(job, handler, controller)
      .catch((error: unknown) => log.error({ err: error, job: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        running.delete(job.id);
        wake();
      });
    running.set(job.id, { kind: job.kind, controller, finished });
  }

  async function run(job: JobRow, handler: JobHandler, controller: AbortController) {
    const jobLog = log.child({
      job: job.id,
      kind: job.kind,
      conversation: job.conversationId,
      attempt: job.attempts,
    });
    const startedAt = performance.now();
    const audience = await findConversationAudience(db, job.conversationId);
    let progress = 0;
    let completed = false;

    const tell = async (target: typeof db, update: Parameters<typeof toJobProgress>[1]) => {
      if (audience) await publishConversationStatus(target, hub, audience, toJobProgress(job, update));
    };
    const holdLease = async () => {
      const held = await renewJob(db, job, { leaseSeconds, progress });
      if (!held) controller.abort(new JobLostError('Another worker holds the job now'));
      return held;
    };
    const renewal = setInterval(
      () => void holdLease().catch((error: unknown) => jobLog.warn({ err: error }, 'lease not renewed')),
      (leaseSeconds * 1000) / 3,
    );

    const context: JobContext = {
      config,
      db,
      files,
      hub,
      log: jobLog,
      signal: controller.signal,
      async reportProgress(fraction) {
        progress = Math.min(1, Math.max(0, fraction));
        if (await holdLease()) await tell(db, { status: 'running', progress });
      },
      complete: (write) =>
        db.transaction(async (tx) => {
          if (!(await completeJob(tx, job))) throw new JobLostError('Another worker holds the job now');
          const result = await write(tx);
          completed = true;
          await tell(tx, { status: 'done', progress: 1 });
          return result;
        }),
    };

    try {
      if (job.attempts > job.maxAttempts)
        throw new PermanentJobError(
          'interrupted',
          `The job was interrupted ${job.maxAttempts} times without finishing`,
        );
      await tell(db, { status: 'running', progress: 0 });
      await handler(job, context);
      if (!completed) await context.complete(async () => undefined);
      jobLog.info({ ms: Math.round(performance.now() - startedAt) }, 'job done');
    } catch (error) {
      await settleFailure(job, error, controller.signal, { jobLog, audience });
    } finally {
      clearInterval(renewal);
    }
  }

  /** After a failed attempt: the job waits for a retry or ends failed (and its conversation with it). */
  async function settleFailure(
    job: JobRow,
    error: unknown,
    signal: AbortSignal,
    { jobLog, audience }: { jobLog: FastifyBaseLogger; audience: ConversationAudience | null },
  ) {
    if (error instanceof JobLostError || signal.reason instanceof JobLostError) {
      jobLog.warn('this attempt no longer holds the job (taken over, queued again or deleted); it stops');
      return;
    }
    if (signal.reason instanceof WorkerStoppingError) {
      if (await releaseJob(db, job)) jobLog.info('job given back to the queue as the server stops');
      return;
    }
    const permanent = error instanceof PermanentJobError;
    const reason = messageOf(error);
    const settled = await db.transaction(async (tx) => {
      const row = await failJob(tx, job, { reason, permanent });
      if (!row) return null;
      if (row.status === 'failed')
        await markWorkFailed(tx, job, { reason: failureReasonOf(error), detail: reason });
      if (audience)
        await publishConversationStatus(
          tx,
          hub,
          audience,
          toJobProgress(job, { status: row.status, progress: 0, error: reason }),
        );
      return row;
    });
    if (!settled) jobLog.warn({ reason }, 'job failed after another attempt took it over');
    else if (settled.status === 'failed')
      jobLog[permanent ? 'warn' : 'error']({ err: error, reason }, 'job failed for good');
    else jobLog.warn({ err: error, retryAt: settled.runAt }, 'job attempt failed; it will be retried');
  }

  return {
    async start() {
      // An embedded database belongs to this process alone: what it left running died with its last run.
      if (database.driver === 'pglite') {
        const released = await releaseOrphanedJobs(db);
        if (released > 0) log.info({ released }, 'jobs interrupted by the last stop queued again');
      }
      unlisten = await database.listen(jobsChannel, (kind) => {
        if (kinds.includes(kind as JobKind)) wake();
      });
      poll = setInterval(wake, pollSeconds * 1000).unref();
      wake();
    },
    async stop() {
      stopping = true;
      clearInterval(poll);
      await unlisten?.();
      await claiming;
      const finishing = Promise.all([...running.values()].map((job) => job.finished));
      const inTime = await Promise.race([finishing.then(() => true), delay(stopGraceMs).then(() => false)]);
      if (inTime) return;
      for (const job of running.values()) job.controller.abort(new WorkerStoppingError());
      await Promise.race([finishing, delay(stopGraceMs)]);
    },
  };
}
