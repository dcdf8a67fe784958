// The dashboards API: the options of the home filter bar, and the graphs' parameters and answers.
import { z } from 'zod';
import { metadataLabelSchema } from './campaigns';
import { idSchema } from './common';
import { graphMetadataPrefix, maxGraphCampaigns, maxGraphMetadataKeys } from './values/dashboards';
import { evaluationItemTypes } from './evaluation-grids';

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
    metadata: z.array(
      z.object({
        key: z.string(),
        /** What the readable campaigns call the key (the first by name that labels it); null when none does. */
        label: metadataLabelSchema.nullable(),
        values: z.array(z.string()).max(maxMetadataValues),
      }),
    ),
  })
  .meta({ id: 'FilterOptions' });
export type FilterOptions = z.infer<typeof filterOptionsSchema>;

/** A repeated query parameter (`campaigns=a&campaigns=b`): one value arrives as a string, several as an array. */
export function repeatedSchema<Item extends z.ZodType>(item: Item) {
  return z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]));
}

/** The graphs' common parameters before the metadata keys are gathered. */
const graphParamsShape = {
  campaigns: repeatedSchema(idSchema).pipe(z.array(idSchema).min(1).max(maxGraphCampaigns)),
  startTs: z.coerce.number().int().optional(),
  endTs: z.coerce.number().int().optional(),
  agents: repeatedSchema(idSchema).pipe(z.array(idSchema).max(200)).optional(),
  /** Conversations holding any of these topics. */
  topics: repeatedSchema(z.string().min(1).max(200)).pipe(z.array(z.string()).max(50)).optional(),
};

/** A metadata key with the values a conversation may hold under it (any of them). */
export interface GraphMetadataFilter {
  key: string;
  values: string[];
}

/** Any other parameter: a metadata key when named `metadata.<key>`, else ignored as before. */
const otherParamSchema = repeatedSchema(z.string().max(200)).pipe(z.array(z.string()).max(50));

/** The `metadata.<key>` parameters of a parsed query, gathered per key. */
function metadataFilters(params: Record<string, unknown>): GraphMetadataFilter[] {
  return Object.entries(params)
    .filter(([name]) => name.startsWith(graphMetadataPrefix) && name.length > graphMetadataPrefix.length)
    .map(([name, values]) => ({ key: name.slice(graphMetadataPrefix.length), values: values as string[] }));
}

/** The time range's ends are in order (or one is open). */
interface TimeRange {
  startTs?: number | undefined;
  endTs?: number | undefined;
}
const inOrder = ({ startTs, endTs }: TimeRange) =>
  startTs === undefined || endTs === undefined || startTs <= endTs;

/**
 * The graphs' common parameters (spec §7), with `extra` ones of a graph: the campaigns (at least one), the
 * conversations' time range in Unix seconds (inclusive; open when absent), their agents, their topics, and their
 * metadata as `metadata.<key>=<value>` (several values of a key: any; several keys: all).
 */
export function graphQuerySchemaWith<Extra extends z.ZodRawShape>(extra: Extra) {
  const known = z.object({ ...graphParamsShape, ...extra });
  type Known = z.infer<typeof known>;
  return known
    .catchall(otherParamSchema)
    .refine((params) => inOrder(params as unknown as TimeRange), {
      message: 'startTs is after endTs',
      path: ['startTs'],
    })
    .refine((params) => metadataFilters(params).length <= maxGraphMetadataKeys, {
      message: `At most ${maxGraphMetadataKeys} metadata keys`,
      path: ['metadata'],
    })
    .transform((params) => {
      const picked = Object.fromEntries(
        Object.keys(known.shape).map((name) => [name, params[name]]),
      ) as unknown as Known;
      return { ...picked, metadata: metadataFilters(params) };
    });
}

export const graphQuerySchema = graphQuerySchemaWith({});
export type GraphQuery = z.infer<typeof graphQuerySchema>;

/** An item of the campaigns' grids as a graph names it: by the newest grid version holding it. */
export const graphItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(evaluationItemTypes),
  section_name: z.string(),
});
export type GraphItem = z.infer<typeof graphItemSchema>;
