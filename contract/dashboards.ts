// The dashboards API: the options of the home filter bar.
import { z } from 'zod';
import { idSchema } from './common';

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
