// The golden-set check: a draft of a campaign's grid run by the rules engine on the campaign's validated
// conversations, item by item, next to the current version, each compared with the people's final answers.
import { z } from 'zod';
import { notEvaluatedReasons } from './evaluations';
import { evaluationItemTypes } from './evaluation-grids';

/** At most this many validated conversations (the most recently validated) are read by one check. */
export const goldenSetConversationLimit = 500;

/** How often one grid's rules gave the final answer, over the conversations that have one for the item. */
export const goldenSetAgreementSchema = z
  .object({
    /** Conversations with a final answer that fits the item as this grid has it. */
    compared: z.number().int().min(0),
    /** Of those, how many the rules answered the same. */
    agreed: z.number().int().min(0),
    /** `agreed / compared`, 0–1; null when nothing was compared or the rules do not evaluate the item. */
    rate: z.number().min(0).max(1).nullable(),
    /** The rules engine leaves the item unanswered (no rules, a levels item…): excluded from rates. */
    not_evaluated_reason: z.enum(notEvaluatedReasons).nullable(),
  })
  .meta({ id: 'GoldenSetAgreement' });
export type GoldenSetAgreement = z.infer<typeof goldenSetAgreementSchema>;

export const goldenSetItemSchema = z
  .object({
    /** Null for an item new in the draft (it has no final answers yet). */
    item_id: z.uuid().nullable(),
    section_name: z.string(),
    name: z.string(),
    type: z.enum(evaluationItemTypes),
    draft: goldenSetAgreementSchema,
    /** Null when the item is not in the current version (or nothing is published yet). */
    current: goldenSetAgreementSchema.nullable(),
  })
  .meta({ id: 'GoldenSetItem' });
export type GoldenSetItem = z.infer<typeof goldenSetItemSchema>;

/** `POST /evaluation-grids/{id}/golden-set-check` (body: the draft, as to publish it). */
export const goldenSetCheckSchema = z
  .object({
    /** Validated conversations of the campaign, all of them. */
    validated_conversations: z.number().int().min(0),
    /** Those read by this check: the most recently validated, at most `limit`. */
    conversations_checked: z.number().int().min(0),
    limit: z.number().int(),
    /** The published version compared with the draft; null before the first publication. */
    current_version: z.number().int().min(1).nullable(),
    /** The draft's items, in grid order. */
    items: z.array(goldenSetItemSchema),
    /** Every item the rules evaluate, together. */
    totals: z.object({ draft: goldenSetAgreementSchema, current: goldenSetAgreementSchema.nullable() }),
    /**
     * How many of the conversations checked each grid would auto-fail if evaluated again (a critical item scoring
     * 0): answered by the rules where they answer, else as people validated. `current` null before a publication.
     */
    auto_failed: z.object({ draft: z.number().int().min(0), current: z.number().int().min(0).nullable() }),
  })
  .meta({ id: 'GoldenSetCheck' });
export type GoldenSetCheck = z.infer<typeof goldenSetCheckSchema>;
