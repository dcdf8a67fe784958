// Filters (spec §3, §5): the home filters, the per-campaign filters, and the duration rule.
import { z } from 'zod';

/** Unix seconds, inclusive at both ends. */
export const timeRangeSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** Metadata key → accepted values. */
export const metadataFilterSchema = z.record(z.string(), z.array(z.string()));

export const homeFiltersSchema = z.object({
  timeRange: timeRangeSchema,
  agents: z.array(z.string()),
  campaigns: z.array(z.string()),
  metadata: metadataFilterSchema,
});
export type HomeFilters = z.infer<typeof homeFiltersSchema>;

/** The longest duration a conversation can have: its column holds 32-bit seconds. */
export const longestDurationSeconds = 2 ** 31 - 1;

export const durationBoundSchema = z
  .object({ value: z.number().nonnegative(), unit: z.string().max(20) })
  .refine((bound) => durationToSeconds(bound) <= longestDurationSeconds, {
    message: `A duration bound is at most ${longestDurationSeconds} seconds`,
  });
export type DurationBound = z.infer<typeof durationBoundSchema>;

export const campaignFiltersSchema = z.object({
  topics: z.array(z.string()),
  conversationsMetadata: metadataFilterSchema,
  evalItems: z.array(z.string()),
  score: z.object({ min: z.number().optional(), max: z.number().optional() }),
  duration: z.object({
    min: durationBoundSchema.nullable().optional(),
    max: durationBoundSchema.nullable().optional(),
  }),
  validators: z.array(z.string()),
});
export type CampaignFilters = z.infer<typeof campaignFiltersSchema>;

/** Spec §5: unit m is minutes (×60), h hours (×3600), anything else seconds. */
export function durationToSeconds({ value, unit }: { value: number; unit: string }): number {
  const factor = unit === 'h' ? 3600 : unit === 'm' ? 60 : 1;
  return value * factor;
}

/** The duration filter in seconds; empty bounds are dropped. */
export function durationFilterSeconds(duration: CampaignFilters['duration'] = {}): {
  min?: number;
  max?: number;
} {
  const seconds: { min?: number; max?: number } = {};
  if (duration.min) seconds.min = durationToSeconds(duration.min);
  if (duration.max) seconds.max = durationToSeconds(duration.max);
  return seconds;
}
