// The durable job queue's SQL: queue a job, claim the next due one with a lease, finish it, or put it back with
// a backoff. A lease that lapses (the worker died, even by `kill -9`) makes the job claimable again, so every
// handler must be idempotent: running one twice leaves the same result as running it once.
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { JobKind } from '../../contract/jobs';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** Live jobs: the partial unique index `jobs_live_unique` allows one of each kind per conversation. */
const isLive = sql`${jobs.status} in ('queued', 'running')`;

/** The NOTIFY channel that wakes the workers of every server instance when a job is queued (payload: its kind). */
export const jobsChannel = 'jobs';

const wakeWorkers = (db: Database, kind: JobKind) =>
  db.execute(sql`select pg_notify(${jobsChannel}, ${kind})`);

/**
 * Queues a job of `kind` on each conversation, unless one is already queued or running there (then nothing
 * changes). Call it inside the transaction that creates or changes the conversations, so both land or neither
 * does (the workers' wake-up, a NOTIFY, goes out on commit too).
 */
export async function enqueueJobs(
  db: Database,
  kind: JobKind,
  conversationIds: readonly string[],
  { maxAttempts }: { maxAttempts?: number } = {},
): Promise<void> {
  if (conversationIds.length === 0) return;
  const queue = db
    .insert(jobs)
    .values(conversationIds.map((conversationId) => ({ id: newId(), kind, conversationId, maxAttempts })))
    .onConflictDoNothing({ target: [jobs.conversationId, jobs.kind], where: isLive });
  // One statement for both: a data-modifying WITH runs whether or not the query reads it.
  await db.execute(sql`with queued as (${queue.getSQL()}) select pg_notify(${jobsChannel}, ${kind})`);
}

/** Starts a live job over: a queued retry comes forward, a running attempt can no longer complete. */
const startOver = {
  target: [jobs.conversationId, jobs.kind],
  targetWhere: isLive,
  set: { status: 'queued' as const, runAt: sql`now()`, leaseExpiresAt: null, progress: 0 },
};

/**
 * Queues a job of `kind` to run now on data that has just changed: a new one, or the live one brought forward (a
 * queued retry) or started over (a running attempt, which can then no longer complete: its result would be stale).
 */
export async function requeueJob(
  db: Database,
  job: { kind: JobKind; conversationId: string },
): Promise<JobRow> {
  const [row] = await db
    .insert(jobs)
    .values({ id: newId(), kind: job.kind, conversationId: job.conversationId })
    .onConflictDoUpdate(startOver)
    .returning();
  await wakeWorkers(db, job.kind);
  if (!row) throw new Error('The job was not queued');
  return row;
}

/** Rows per statement when many jobs are queued again, well under PostgreSQL's limit on parameters. */
const requeueBatchSize = 1000;

/** `requeueJob` for many conversations, whose data all changed at once; no rows are read back. */
export async function requeueJobs(db: Database, kind: JobKind, conversationIds: readonly string[]) {
  for (let start = 0; start < conversationIds.length; start += requeueBatchSize) {
    const batch = conversationIds.slice(start, start + requeueBatchSize);
    await db
      .insert(jobs)
      .values(batch.map((conversationId) => ({ id: newId(), kind, conversationId })))
      .onConflictDoUpdate(startOver);
  }
  if (conversationIds.length > 0) await wakeWorkers(db, kind);
}

/** Queues one job: `enqueueJobs` for a single conversation. */
export const enqueueJob = (
  db: Database,
  job: { kind: JobKind; conversationId: string; maxAttempts?: number },
): Promise<void> => enqueueJobs(db, job.kind, [job.conversationId], { maxAttempts: job.maxAttempts });

/**
 * Claims the oldest due job of one of `kinds` for `leaseSeconds`: a queued job whose time has come, or a running
 * one whose lease has lapsed. Concurrent workers skip each other's rows, so a job is claimed by one at a time.
 */
export async function claimJob(
  db: Database,
  kinds: readonly JobKind[],
  leaseSeconds: number,
): Promise<JobRow | null> {
  // Built from drizzle's operators only: each bracket its own operands, so the lapsed-lease branch stays inside
  // the kinds' condition (a raw `… or …` fragment joined by `and` let any kind's loop claim any lapsed job).
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...kinds]),
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, 'running'), lt(jobs.leaseExpiresAt, sql`now()`)),
        ),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      progress: 0,
      leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
    })
    .where(sql`${jobs.id} = (${next})`)
    .returning();
  return claimed ?? null;
}

/** Extends a running job's lease and records its progress (0–1); false when the job is no longer this worker's. */
export async function renewJob(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts'>,
  { leaseSeconds, progress }: { leaseSeconds: number; progress: number },
): Promise<boolean> {
  const renewed = await db
    .update(jobs)
    .set({ progress, leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
    .returning({ id: jobs.id });
  return renewed.length > 0;
}

/** Marks the job done, if this attempt still holds it. */
export async function completeJob(db: Database, job: Pick<JobRow, 'id' | 'attempts'>): Promise<boolean> {
  const done = await db
    .update(jobs)
    .set({ status: 'done', progress: 1, leaseExpiresAt: null, lastError: null, finishedAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
    .returning({ id: jobs.id });
  return done.length > 0;
}

/** Seconds before attempt `attempt + 1`: 5 s, 20 s, 80 s, … capped at an hour. */
export const retryDelaySeconds = (attempt: number): number => Math.min(3600, 5 * 4 ** (attempt - 1));

/**
 * Records a failed attempt: the job waits for its next try with a backoff, or ends `failed` with the reason when
 * it has used its attempts or the error is permanent (retrying cannot help).
 */
export async function failJob(
  db: Database,
  job: Pick<JobRow, 'id' | 'attempts' | 'maxAttempts'>,
  { reason, permanent }: { reason: string; permanent: boolean },
): Promise<JobRow | null> {
  const final = permanent || job.attempts >= job.maxAttempts;
  const [row] = await db
    .update(jobs)
    .set(
      final
        ? { status: 'failed', lastError: reason, leaseExpiresAt: null, finishedAt: sql`now()` }
        : {
            status: 'queued',
            lastError: reason,
            leaseExpiresAt: null,
            runAt: sql`now() + make_interval(secs => ${retryDelaySeconds(job.attempts)})`,
          },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
    .returning();
  return row ?? null;
}

/**
 * Gives a running attempt back to the queue to run again at once (the worker is stopping); the attempt counts, so
 * a job that never gets through a shutdown still ends.
 */
export async function releaseJob(db: Database, job: Pick<JobRow, 'id' | 'attempts'>): Promise<boolean> {
  const released = await db
    .update(jobs)
    .set({ status: 'queued', leaseExpiresAt: null, runAt: sql`now()` })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
    .returning({ id: jobs.id });
  return released.length > 0;
}

/**
 * Puts every running job back in the queue, for a worker that knows it is the only one (an embedded database
 * belongs to one process): whatever is still running was left by a process that died, so waiting for its lease
 * to lapse would only delay it.
 */
export async function releaseOrphanedJobs(db: Database): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ status: 'queued', leaseExpiresAt: null, runAt: sql`now()` })
    .where(eq(jobs.status, 'running'))
    .returning({ id: jobs.id });
  return released.length;
}
