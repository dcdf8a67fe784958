// A conversation's evaluation (the current one, made with one version of its campaign's grid), launching it, and
// testing one grid item on a pasted transcript.
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';
import { languageSchema } from './enums';
import {
  evaluationGridLimits,
  evaluationItemTypes,
  evaluationLevelSchema,
  evaluationRulesSchema,
} from './evaluation-grids';
import { evaluationCommentMaxLength } from './values/evaluations';

export const evaluationEngines = ['rules', 'llm'] as const;
export type EvaluationEngineName = (typeof evaluationEngines)[number];

export const evaluationStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type EvaluationStatus = (typeof evaluationStatuses)[number];

const binaryValueSchema = z.enum(['yes', 'no', 'na']);

/** A binary item's answer, a level's index (or `na`), or one binary answer per sub-item id. */
export const evaluationValueSchema = z
  .union([binaryValueSchema, z.number().int().min(0), z.record(z.string(), binaryValueSchema)])
  .meta({ id: 'EvaluationValue' });
export type EvaluationValue = z.infer<typeof evaluationValueSchema>;

/** Why the rules gave their answer; the browser phrases it in the reader's language. */
export const ruleReasons = ['found', 'not_found', 'absent', 'present', 'na_condition_not_found'] as const;

/** Why an item has no answer from the engine: no rules, a levels item, a sub-item without rules, or a failure. */
export const notEvaluatedReasons = ['no_rules', 'levels_item', 'sub_item_without_rules', 'failed'] as const;
export type NotEvaluatedReason = (typeof notEvaluatedReasons)[number];

export const evaluationEvidenceSchema = z
  .object({
    text: z.string(),
    /** 1-based turn number, across both speakers. */
    turn: z.number().int().min(1),
    /** Seconds from the start of the recording, for calls. */
    start: z.number().optional(),
    end: z.number().optional(),
    /** Found verbatim in the transcript; an unverified quote is never shown as proof. */
    verified: z.boolean(),
  })
  .meta({ id: 'EvaluationEvidence' });
export type EvaluationEvidence = z.infer<typeof evaluationEvidenceSchema>;

export const evaluationItemResultSchema = z
  .object({
    item_id: idSchema,
    /** Null when the engine left the item unanswered (see `not_evaluated_reason`). */
    value: evaluationValueSchema.nullable(),
    /** 0–100; null when unanswered or not applicable. */
    score: z.number().min(0).max(100).nullable(),
    justification: z.string().nullable(),
    evidence: z.array(evaluationEvidenceSchema),
    source: z.enum(['ai', 'human']),
    comment: z.string().nullable(),
    not_evaluated_reason: z.enum(notEvaluatedReasons).nullable(),
    /** The rules engine's reason for a binary item's answer; null for other items and engines. */
    rule_reason: z.enum(ruleReasons).nullable(),
    /** The provider quoted something not found in the transcript: a person should check the answer. */
    needs_review: z.boolean(),
    /** What went wrong when `not_evaluated_reason` is `failed` (the provider's answer did not fit the item). */
    failure_detail: z.string().nullable(),
  })
  .meta({ id: 'EvaluationItemResult' });
export type EvaluationItemResult = z.infer<typeof evaluationItemResultSchema>;

export const evaluationSchema = z
  .object({
    status: z.enum(evaluationStatuses),
    /**
     * Why the last run failed; on a done evaluation, `llm_unavailable` when the campaign chose the LLM and the rules
     * engine stood in for it (no provider configured); null otherwise.
     */
    status_reason: z.string().nullable(),
    grid_id: idSchema,
    grid_version: z.number().int().min(1),
    engine: z.enum(evaluationEngines),
    /** The provider's model; null for the rules engine. */
    model: z.string().nullable(),
    /** 0–100; null until done, or when no item applies. */
    main_score: z.number().min(0).max(100).nullable(),
    section_scores: z.array(z.object({ section_id: idSchema, score: z.number().nullable() })),
    additional_scores: z.array(z.object({ id: idSchema, score: z.number().nullable() })),
    /** A critical item scored 0, so the main score is 0. */
    auto_failed: z.boolean(),
    items: z.array(evaluationItemResultSchema),
    validated: z.boolean(),
    validated_by: idSchema.nullable(),
    validated_at: unixSecondsSchema.nullable(),
    updated_at: unixSecondsSchema,
  })
  .meta({ id: 'Evaluation' });
export type Evaluation = z.infer<typeof evaluationSchema>;

export const evaluationItemParamsSchema = z.object({ id: idSchema, itemId: idSchema });

/** A pasted transcript is at most this long. */
export const itemTestTranscriptMaxLength = 200_000;

/**
 * `POST /evaluation-grids/item/test`: one item, as the editor holds it, run on a pasted transcript or on one
 * conversation's turns (exactly one of `transcript` and `conversation_id`).
 */
export const itemTestSchema = z
  .object({
    description: z.string().max(2000).default(''),
    /** Lines "Agent: …" / "Customer: …" (or "Client: …"). */
    transcript: z.string().min(1).max(itemTestTranscriptMaxLength).optional(),
    /** A conversation the caller reads, whose turns are used instead of a pasted transcript. */
    conversation_id: idSchema.optional(),
    item_type: z.enum(evaluationItemTypes),
    levels: z.array(evaluationLevelSchema).max(20).default([]),
    rules: evaluationRulesSchema.optional(),
    /** A composed item's sub-items; its answer then gives each one's by position (`"0"`, `"1"`, …). */
    sub_items: z
      .array(
        z.object({ name: z.string().max(200).default(''), rules: evaluationRulesSchema.optional() }).strict(),
      )
      .max(evaluationGridLimits.subItems)
      .default([]),
    /** Whether the item may be answered `na` (its rules' `na_unless_any_of` only counts then). */
    allow_na: z.boolean().default(false),
    /** The engine to run: by default the LLM provider when one is configured, else the rules engine. */
    engine: z.enum(evaluationEngines).optional(),
    /** The language the provider writes its justification in, when the conversation's is unknown (pasted text). */
    language: languageSchema.optional(),
  })
  .strict()
  .superRefine((test, context) => {
    if ((test.transcript === undefined) === (test.conversation_id === undefined)) {
      context.addIssue({
        code: 'custom',
        message: 'Give either a transcript or a conversation_id',
        path: ['transcript'],
      });
    }
  })
  .meta({ id: 'ItemTest' });
export type ItemTest = z.infer<typeof itemTestSchema>;

export const itemTestResultSchema = z
  .object({
    engine: z.enum(evaluationEngines),
    value: evaluationValueSchema.nullable(),
    justification: z.string().nullable(),
    evidence: z.array(evaluationEvidenceSchema),
    not_evaluated_reason: z.enum(notEvaluatedReasons).nullable(),
    rule_reason: z.enum(ruleReasons).nullable(),
    /** The provider quoted something not found in the transcript. */
    needs_review: z.boolean(),
    /** Why the provider's answer did not fit the item, when `not_evaluated_reason` is `failed`. */
    failure_detail: z.string().nullable(),
  })
  .meta({ id: 'ItemTestResult' });
export type ItemTestResult = z.infer<typeof itemTestResultSchema>;

export { evaluationCommentMaxLength };

const evaluationCommentSchema = z.string().max(evaluationCommentMaxLength).nullable();

/**
 * `PUT /conversations/{id}/evaluation/items/{itemId}`: a person's answer to one item, replacing the engine's.
 * `item_type` must be the item's type; without `comment` the item keeps the one it has.
 */
export const evaluationItemAnswerSchema = z
  .object({
    evaluation_item: z.object({ value: evaluationValueSchema }).strict(),
    comment: evaluationCommentSchema.optional(),
    item_type: z.enum(evaluationItemTypes),
  })
  .strict()
  .meta({ id: 'EvaluationItemAnswer' });
export type EvaluationItemAnswer = z.infer<typeof evaluationItemAnswerSchema>;

/** `PUT /conversations/{id}/evaluation/items/{itemId}/comment`; null removes the comment. */
export const evaluationItemCommentSchema = z
  .object({ comment: evaluationCommentSchema })
  .strict()
  .meta({ id: 'EvaluationItemComment' });
