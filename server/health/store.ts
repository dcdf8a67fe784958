// The health check's query: how much work waits in the job queue, which also says the database answers.
import { count, inArray } from 'drizzle-orm';
import { jobKinds, type JobKind } from '../../contract/jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type QueueDepth = Record<JobKind, { queued: number; running: number }>;

/** Queued and running jobs per kind (the live jobs, which a partial index holds). */
export async function queueDepth(db: Database): Promise<QueueDepth> {
  const rows = await db
    .select({ kind: jobs.kind, status: jobs.status, count: count() })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running']))
    .groupBy(jobs.kind, jobs.status);
  const depth = Object.fromEntries(jobKinds.map((kind) => [kind, { queued: 0, running: 0 }])) as QueueDepth;
  for (const row of rows)
    if (row.status === 'queued' || row.status === 'running') depth[row.kind][row.status] = row.count;
  return depth;
}
