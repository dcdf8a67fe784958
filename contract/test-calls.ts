// Test calls (spec §7): a recording or a text transcript sent to a campaign to see what its current grid makes of
// it. Each becomes a test conversation (never counted in dashboards, statistics or alerts) that goes through the
// usual transcription, analysis and evaluation; the campaign's list of them, and one with its result and timings.
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';
import { statusReasonSchema, turnSchema } from './conversations';
import { evaluationSchema } from './evaluations';

/** The multipart field the file comes in. */
export const testCallFieldName = 'file';
/** A text transcript ("Agent: …" / "Customer: …" lines) is at most this many bytes; audio as any call upload. */
export const testTranscriptMaxBytes = 1024 * 1024;

/** What was sent: a recording to transcribe, or a transcript already written. */
export const testCallSources = ['audio', 'transcript'] as const;
export type TestCallSource = (typeof testCallSources)[number];

/**
 * Where a test call stands: waiting for its first job, in one of the pipeline's steps, evaluated (`done`), or
 * `failed` (its transcription, analysis or evaluation failed for good; `status_detail` says why).
 */
export const testCallStatuses = [
  'queued',
  'transcribing',
  'analysing',
  'evaluating',
  'done',
  'failed',
] as const;
export const testCallStatusSchema = z.enum(testCallStatuses);
export type TestCallStatus = z.infer<typeof testCallStatusSchema>;

export const testCallParamsSchema = z.object({ id: idSchema, testId: idSchema });

/** A test call as the list shows it; its id is its test conversation's. */
export const testCallSummarySchema = z
  .object({
    id: idSchema,
    campaign_id: idSchema,
    file_name: z.string(),
    source: z.enum(testCallSources),
    status: testCallStatusSchema,
    /** Why it failed, as a code, when the conversation failed; null otherwise. */
    status_reason: statusReasonSchema.nullable(),
    /** What went wrong, in the engine's words (English); null unless it failed. */
    status_detail: z.string().nullable(),
    /** The evaluation's main score (0–100); null until evaluated, or when no item applies. */
    main_score: z.number().min(0).max(100).nullable(),
    created_by: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: unixSecondsSchema,
  })
  .meta({ id: 'TestCallSummary' });
export type TestCallSummary = z.infer<typeof testCallSummarySchema>;

/** Seconds each step took; null for a step not (yet) run, or that a transcript skips (transcription). */
export const testCallTimingsSchema = z
  .object({
    /** From the upload until its first job started. */
    queued_s: z.number().nonnegative().nullable(),
    transcription_s: z.number().nonnegative().nullable(),
    analysis_s: z.number().nonnegative().nullable(),
    evaluation_s: z.number().nonnegative().nullable(),
    /** From the upload until the evaluation ended. */
    total_s: z.number().nonnegative().nullable(),
  })
  .meta({ id: 'TestCallTimings' });
export type TestCallTimings = z.infer<typeof testCallTimingsSchema>;

export const testCallSchema = testCallSummarySchema
  .extend({
    /** The transcript: the turns sent, or those transcribed from the recording (empty until then). */
    turns: z.array(turnSchema),
    /** The evaluation with the campaign's grid; null until it is queued. */
    evaluation: evaluationSchema.nullable(),
    timings: testCallTimingsSchema,
  })
  .meta({ id: 'TestCall' });
export type TestCall = z.infer<typeof testCallSchema>;
