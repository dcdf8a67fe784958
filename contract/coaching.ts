// The coaching API: plans a coach writes for one agent — grid items to focus on with their goals, example
// conversations with a note each, status and notes — the agent's weakest items as suggestions, the agent's
// weekly progress on the focus items, and the agent's acknowledgement.
import { z } from 'zod';
import { graphItemSchema } from './dashboards';
import { idSchema, unixSecondsSchema } from './common';

export const coachingStatuses = ['open', 'done'] as const;
export type CoachingStatus = (typeof coachingStatuses)[number];

/** A calendar day, `YYYY-MM-DD`. */
const daySchema = z.iso.date();

/** A grid item to work on and its goal: the item score (0–100) to reach, by a day; both optional. */
export const coachingFocusItemInputSchema = z
  .object({
    campaign_id: idSchema,
    item_id: idSchema,
    target_score: z.number().min(0).max(100).nullable().default(null),
    due_date: daySchema.nullable().default(null),
  })
  .strict()
  .meta({ id: 'NewCoachingFocusItem' });
export type CoachingFocusItemInput = z.infer<typeof coachingFocusItemInputSchema>;

const focusItemsInputSchema = z
  .array(coachingFocusItemInputSchema)
  .max(20)
  .refine((items) => new Set(items.map((item) => item.item_id)).size === items.length, {
    message: 'An item is listed twice',
  });

const titleSchema = z.string().trim().min(1).max(200);
const notesSchema = z.string().max(10_000);

export const newCoachingPlanSchema = z
  .object({
    agent_id: idSchema,
    title: titleSchema,
    notes: notesSchema.default(''),
    /** When the work starts (progress is counted from it); now when absent. */
    started_at: unixSecondsSchema.optional(),
    focus_items: focusItemsInputSchema.default([]),
  })
  .strict()
  .meta({ id: 'NewCoachingPlan' });
export type NewCoachingPlan = z.infer<typeof newCoachingPlanSchema>;

/** Changes to a plan; `focus_items` replaces the whole list (and asks the agent to acknowledge again). */
export const coachingPlanChangesSchema = z
  .object({
    title: titleSchema.optional(),
    status: z.enum(coachingStatuses).optional(),
    notes: notesSchema.optional(),
    started_at: unixSecondsSchema.optional(),
    focus_items: focusItemsInputSchema.optional(),
  })
  .strict()
  .meta({ id: 'CoachingPlanChanges' });
export type CoachingPlanChanges = z.infer<typeof coachingPlanChangesSchema>;

export const coachingExampleInputSchema = z
  .object({ note: z.string().max(5_000).default('') })
  .strict()
  .meta({ id: 'CoachingExampleNote' });

const personSchema = z.object({ id: idSchema, name: z.string() });

export const coachingFocusItemSchema = z
  .object({
    campaign_id: idSchema,
    campaign_name: z.string(),
    item_id: idSchema,
    /** As the newest version of the campaign's grid holding the item names it. */
    item_name: z.string(),
    section_name: z.string(),
    target_score: z.number().nullable(),
    due_date: daySchema.nullable(),
  })
  .meta({ id: 'CoachingFocusItem' });
export type CoachingFocusItem = z.infer<typeof coachingFocusItemSchema>;

export const coachingExampleSchema = z
  .object({
    conversation_id: idSchema,
    campaign_name: z.string(),
    type: z.string(),
    started_at: unixSecondsSchema,
    main_score: z.number().nullable(),
    note: z.string(),
  })
  .meta({ id: 'CoachingExample' });
export type CoachingExample = z.infer<typeof coachingExampleSchema>;

export const coachingPlanSchema = z
  .object({
    id: idSchema,
    organisation_id: idSchema,
    agent: personSchema,
    /** Null once the coach's account is gone. */
    created_by: personSchema.nullable(),
    title: z.string(),
    status: z.enum(coachingStatuses),
    notes: z.string(),
    started_at: unixSecondsSchema,
    /** Null until the agent acknowledges the plan, and again after its focus items change. */
    acknowledged_at: unixSecondsSchema.nullable(),
    created_at: unixSecondsSchema,
    updated_at: unixSecondsSchema,
    focus_items: z.array(coachingFocusItemSchema),
    examples: z.array(coachingExampleSchema),
  })
  .meta({ id: 'CoachingPlan' });
export type CoachingPlan = z.infer<typeof coachingPlanSchema>;

export const coachingPlanListQuerySchema = z
  .object({
    agent_id: idSchema.optional(),
    status: z.enum(coachingStatuses).optional(),
  })
  .strict();
export type CoachingPlanListQuery = z.infer<typeof coachingPlanListQuerySchema>;

export const coachingExampleParamsSchema = z.object({ id: idSchema, conversationId: idSchema });

/** The suggestions' period in Unix seconds (inclusive; open when absent), for one agent in one campaign. */
export const coachingSuggestionsQuerySchema = z
  .object({
    agent_id: idSchema,
    campaign_id: idSchema,
    startTs: z.coerce.number().int().optional(),
    endTs: z.coerce.number().int().optional(),
    limit: z.coerce.number().int().min(1).max(50).default(5),
  })
  .strict()
  .refine(({ startTs, endTs }) => startTs === undefined || endTs === undefined || startTs <= endTs, {
    message: 'startTs is after endTs',
    path: ['startTs'],
  });
export type CoachingSuggestionsQuery = z.infer<typeof coachingSuggestionsQuerySchema>;

/** The agent's weakest items first: the lowest average item score over the period, items never answered left out. */
export const coachingSuggestionsSchema = z
  .object({
    items: z.array(
      graphItemSchema.extend({
        campaign_id: idSchema,
        answered: z.number().int().min(0),
        average_score: z.number(),
      }),
    ),
  })
  .meta({ id: 'CoachingSuggestions' });
export type CoachingSuggestions = z.infer<typeof coachingSuggestionsSchema>;

/** A focus item's weekly figures: the agent's done evaluations answering it, per week (Monday, UTC). */
export const coachingProgressSchema = z
  .object({
    /** The Monday of each week from the plan's start to now (at most the last 52), `YYYY-MM-DD`. */
    weeks: z.array(daySchema),
    items: z.array(
      z.object({
        item_id: idSchema,
        points: z.array(
          z.object({
            period_start: daySchema,
            evaluated: z.number().int().min(0),
            /** The average item score (0–100) of the week's answers other than N/A; null when none. */
            average_score: z.number().nullable(),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'CoachingProgress' });
export type CoachingProgress = z.infer<typeof coachingProgressSchema>;
