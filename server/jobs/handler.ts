// What a job handler is given, and the reason a failure gives. Handlers live in ./handlers/<kind>.ts, one per
// job kind, and must be idempotent: a job whose worker died is run again from the start.
import type { FastifyBaseLogger } from 'fastify';
import type { StatusReason } from '../../contract/conversations';
import type { Config } from '../config';
import { JobError } from '../errors';
import type { Database } from '../db/client';
import type { LiveHub } from '../live/hub';
import type { FileStorage } from '../storage/files';
import type { JobRow } from './queue-store';

export interface JobContext {
  config: Config;
  db: Database;
  files: FileStorage;
  hub: LiveHub;
  log: FastifyBaseLogger;
  /** Records the job's progress (0–1), extends its lease and tells the conversation's readers. */
  reportProgress(progress: number): Promise<void>;
  /**
   * Runs the job's writes in one transaction with its completion, so that they land exactly once: when this
   * attempt no longer holds the job (its lease lapsed and another worker took it), nothing is written and it
   * throws `JobLostError`. A handler that does not call it is completed by the worker once it returns.
   */
  complete<T>(write: (tx: Database) => Promise<T>): Promise<T>;
  /** Aborted when the attempt must stop: the job was taken away or the server is shutting down. */
  signal: AbortSignal;
}

export type JobHandler = (job: JobRow, context: JobContext) => Promise<void>;

/** The reason a failed job gives its conversation. */
export const failureReasonOf = (error: unknown): StatusReason =>
  error instanceof JobError ? error.reason : 'unexpected';

/** This attempt no longer holds the job: another worker runs it, or it was queued again on new data. */
export class JobLostError extends Error {
  override name = 'JobLostError';
}
