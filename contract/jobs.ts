// The background jobs a conversation goes through: their kinds, statuses and progress.
import { z } from 'zod';
import { idSchema } from './common';

/** The kinds of background job, in the order a conversation goes through them. */
export const jobKinds = ['transcription', 'analysis', 'evaluation'] as const;
export const jobKindSchema = z.enum(jobKinds);
export type JobKind = z.infer<typeof jobKindSchema>;

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const jobStatusSchema = z.enum(jobStatuses);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** A job's state as the live channel reports it: progress from 0 to 1 while it runs. */
export const jobProgressSchema = z.object({
  job_id: idSchema,
  kind: jobKindSchema,
  status: jobStatusSchema,
  progress: z.number().min(0).max(1),
  error: z.string().nullable(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;
