// The validation statistics of a campaign's items (how often the answers of validated conversations stayed the
// engine's) and one item's history of people's changes, a page at a time.
import { z } from 'zod';
import { idSchema, pageSchema, unixSecondsSchema } from './common';
import { graphItemSchema } from './dashboards';
import { languageSchema } from './enums';
import { evaluationEngines, evaluationValueSchema } from './evaluations';

/**
 * One cell of the validation statistics: an item's answers on validated conversations of one language, made by
 * one engine, started in one week (the Monday, `YYYY-MM-DD`, UTC). `agreed`: the final answer is the engine's;
 * `changed`: a person changed it; `unanswered`: the engine gave no answer, so there is nothing to compare.
 */
export const validationStatsCellSchema = z.object({
  item_id: idSchema,
  language: languageSchema,
  engine: z.enum(evaluationEngines),
  week: z.iso.date(),
  agreed: z.number().int().min(0),
  changed: z.number().int().min(0),
  unanswered: z.number().int().min(0),
});
export type ValidationStatsCell = z.infer<typeof validationStatsCellSchema>;

export const validationStatsSchema = z
  .object({
    /** The items counted, as the newest grid version holding each names it, in that version's order. */
    items: z.array(graphItemSchema),
    cells: z.array(validationStatsCellSchema),
    /** The validated conversations counted. */
    conversations: z.number().int().min(0),
  })
  .meta({ id: 'ValidationStats' });
export type ValidationStats = z.infer<typeof validationStatsSchema>;

/** One person's change to an item: its answer before and after (equal for a comment alone), and the comment. */
export const evaluationItemUpdateSchema = z
  .object({
    id: idSchema,
    conversation_id: idSchema,
    before: evaluationValueSchema.nullable(),
    after: evaluationValueSchema.nullable(),
    comment: z.string().nullable(),
    /** Null once the user is deleted. */
    user: z.object({ id: idSchema, name: z.string() }).nullable(),
    created_at: unixSecondsSchema,
  })
  .meta({ id: 'EvaluationItemUpdate' });
export type EvaluationItemUpdate = z.infer<typeof evaluationItemUpdateSchema>;

export const evaluationItemUpdatesPageSchema = pageSchema(evaluationItemUpdateSchema).meta({
  id: 'EvaluationItemUpdatesPage',
});
