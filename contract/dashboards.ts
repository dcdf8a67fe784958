// The dashboards API: the options of the home filter bar, and the graphs' parameters and answers.
import { z } from 'zod';
import { idSchema } from './common';
import { evaluationItemTypes } from './evaluation-grids';
import { evaluationEngines } from './evaluations';
import { languageSchema } from './enums';

/** A query flag: exactly `true` or `false` (listed as such in the OpenAPI document), true when absent. */
const flagSchema = z
  .enum(['true', 'false'])
  .default('true')
  .transform((flag) => flag === 'true');

export const filterOptionsQuerySchema = z.object({
  get_campaigns_filter: flagSchema,
  get_metadata_filter: flagSchema,
  /** Only the campaigns whose name contains this (case-insensitive). */
  campaigns_q: z.string().trim().max(120).optional(),
  /** The campaign options by name after this campaign: the previous page's `campaigns_next_start_after`. */
  campaigns_start_after: idSchema.optional(),
  /** At most this many campaign options; every matching one without it. */
  campaigns_limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** Most values listed for one metadata key. */
export const maxMetadataValues = 100;

const namedSchema = z.object({ id: idSchema, name: z.string() });

export const filterOptionsSchema = z
  .object({
    campaigns: z.array(namedSchema),
    /** Where the next page of campaign options starts, when `campaigns_limit` left some out; null otherwise. */
    campaigns_next_start_after: idSchema.nullable(),
    agents: z.array(namedSchema),
    metadata: z.array(z.object({ key: z.string(), values: z.array(z.string()).max(maxMetadataValues) })),
  })
  .meta({ id: 'FilterOptions' });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

/** A repeated query parameter (`campaigns=a&campaigns=b`): one value arrives as a string, several as an array. */
export function repeatedSchema<Item extends z.ZodType>(item: Item) {
  return z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]));
}

/** Most campaigns one graph reads at once. */
export const maxGraphCampaigns = 50;

/**
 * The graphs' common parameters (spec §7): the campaigns (at least one), the conversations' time range in Unix
 * seconds (inclusive; open when absent) and their agents.
 */
export const graphQuerySchema = z
  .object({
    campaigns: repeatedSchema(idSchema).pipe(z.array(idSchema).min(1).max(maxGraphCampaigns)),
    startTs: z.coerce.number().int().optional(),
    endTs: z.coerce.number().int().optional(),
    agents: repeatedSchema(idSchema).pipe(z.array(idSchema).max(200)).optional(),
  })
  .refine(({ startTs, endTs }) => startTs === undefined || endTs === undefined || startTs <= endTs, {
    message: 'startTs is after endTs',
    path: ['startTs'],
  });
export type GraphQuery = z.infer<typeof graphQuerySchema>;

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
    items: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        type: z.enum(evaluationItemTypes),
        section_name: z.string(),
      }),
    ),
    cells: z.array(validationStatsCellSchema),
    /** The validated conversations counted. */
    conversations: z.number().int().min(0),
  })
  .meta({ id: 'ValidationStats' });
export type ValidationStats = z.infer<typeof validationStatsSchema>;
