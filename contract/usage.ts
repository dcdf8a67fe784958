// The usage API: what an organisation used (conversations ingested, audio transcribed, evaluations, provider calls
// and their tokens, characters translated) over a period, in totals, per campaign and over time, and its events
// exported. Test conversations' usage is counted apart, never in the other figures.
import { z } from 'zod';
import { idSchema } from './common';
import { exportFormats } from './values/conversations';
import { repeatedSchema } from './dashboards';

export const usageKinds = ['conversation', 'transcription', 'evaluation', 'llm_call', 'translation'] as const;
export type UsageKind = (typeof usageKinds)[number];

export const usageFeatures = [
  'ingestion',
  'transcription',
  'analysis',
  'evaluation',
  'item_test',
  'custom_analysis',
  'translation',
] as const;
export type UsageFeature = (typeof usageFeatures)[number];

export const usageUnits = ['conversation', 'second', 'evaluation', 'call', 'character'] as const;
export type UsageUnit = (typeof usageUnits)[number];

export const usageGroupings = ['day', 'week', 'month'] as const;
export type UsageGrouping = (typeof usageGroupings)[number];

/** Most campaigns the usage is narrowed to at once. */
export const maxUsageCampaigns = 200;

const usageFilterShape = {
  /** Unix seconds, inclusive; open when absent. */
  startTs: z.coerce.number().int().optional(),
  endTs: z.coerce.number().int().optional(),
  /** Only these campaigns of the organisation (repeated: `campaigns=a&campaigns=b`). */
  campaigns: repeatedSchema(idSchema).pipe(z.array(idSchema).max(maxUsageCampaigns)).optional(),
};

const inOrder = ({ startTs, endTs }: { startTs?: number | undefined; endTs?: number | undefined }) =>
  startTs === undefined || endTs === undefined || startTs <= endTs;
const rangeRefinement = { message: 'startTs is after endTs', path: ['startTs'] };

/** `GET /organisations/{id}/usage`: the period, the campaigns, and the series' bucket (UTC days, Monday weeks). */
export const usageQuerySchema = z
  .object({ ...usageFilterShape, groupBy: z.enum(usageGroupings).default('day') })
  .refine(inOrder, rangeRefinement);
export type UsageQuery = z.infer<typeof usageQuerySchema>;

/** `GET /organisations/{id}/usage/export`: the events of the period and campaigns, one row each. */
export const usageExportQuerySchema = z
  .object({ ...usageFilterShape, format: z.enum(exportFormats).default('csv') })
  .refine(inOrder, rangeRefinement);
export type UsageExportQuery = z.infer<typeof usageExportQuerySchema>;

/** The sums of a set of events, one figure per kind (tokens are the provider calls'). */
export const usageFiguresSchema = z.object({
  conversations: z.number().min(0),
  audio_seconds: z.number().min(0),
  evaluations: z.number().min(0),
  llm_calls: z.number().min(0),
  tokens_in: z.number().min(0),
  tokens_out: z.number().min(0),
  translated_characters: z.number().min(0),
});
export type UsageFigures = z.infer<typeof usageFiguresSchema>;

/** Figures of no usage at all: a fresh object, for a sum to add to or a period with nothing. */
export const noUsageFigures = (): UsageFigures => ({
  conversations: 0,
  audio_seconds: 0,
  evaluations: 0,
  llm_calls: 0,
  tokens_in: 0,
  tokens_out: 0,
  translated_characters: 0,
});

export const usageSchema = z
  .object({
    group_by: z.enum(usageGroupings),
    /** The period's usage, test conversations aside. */
    totals: usageFiguresSchema,
    /** The usage of test conversations (test calls) alone. */
    test_totals: usageFiguresSchema,
    /**
     * One row per campaign with usage in the period, by name; `id` and `name` null for usage of no campaign (an
     * item test on a pasted transcript, or a campaign since deleted).
     */
    campaigns: z.array(
      z.object({
        id: idSchema.nullable(),
        name: z.string().nullable(),
        figures: usageFiguresSchema,
        test_figures: usageFiguresSchema,
      }),
    ),
    /** What spent the figures (test conversations aside): per feature, engine and model, largest first. */
    engines: z.array(
      z.object({
        feature: z.enum(usageFeatures),
        engine: z.string(),
        model: z.string().nullable(),
        figures: usageFiguresSchema,
      }),
    ),
    /** The buckets holding usage (test conversations aside), oldest first. */
    series: z.array(
      z.object({
        /** The bucket's first day (`YYYY-MM-DD`, UTC; a week starts on Monday). */
        period_start: z.iso.date(),
        figures: usageFiguresSchema,
      }),
    ),
  })
  .meta({ id: 'OrganisationUsage' });
export type OrganisationUsage = z.infer<typeof usageSchema>;
