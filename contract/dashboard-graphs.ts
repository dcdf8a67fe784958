// The dashboards' graphs read from conversations and their evaluations (spec §7): the parameters proper to each
// graph and the answers' shapes. The common parameters are `graphQuerySchema` (contract/dashboards.ts).
import { z } from 'zod';
import { idSchema } from './common';
import { graphItemSchema, graphQuerySchemaWith } from './dashboards';
import { conversationTypeSchema } from './enums';
import { scoreIntervals } from './values/dashboard-graphs';

/** A figure of the KPIs: its value on the range asked, and on the period of equal length just before it. */
const kpiSchema = z.object({
  /** Null when there is nothing to average (no evaluation, no duration, no sentiment). */
  value: z.number().nullable(),
  /** Null as well when the range asked is open (no `startTs` or no `endTs`): there is no previous period. */
  previous: z.number().nullable(),
});

/** A figure of one conversation type, with how many conversations of that type the range asked holds. */
const typeKpiSchema = kpiSchema.extend({
  /** The range's conversations of that type: the figure applies to the scope only when there are some. */
  conversations: z.number().int().min(0),
});

export const graphKpisSchema = z
  .object({
    /** The previous period, in Unix seconds (inclusive); null when the range asked is open. */
    previous_period: z.object({ startTs: z.number().int(), endTs: z.number().int() }).nullable(),
    conversations: kpiSchema,
    /** Conversations whose evaluation is done. */
    evaluated: kpiSchema,
    /** Conversations whose evaluation is validated. */
    validated: kpiSchema,
    /** The average main score (0–100) of the done evaluations with a score; an auto-failed one counts 0. */
    average_score: kpiSchema,
    /** The average duration in seconds of the calls with a duration. */
    average_call_duration_s: typeKpiSchema,
    /** The average duration in seconds of the chats with a duration (from their first to their last dated message). */
    average_chat_duration_s: typeKpiSchema,
    /**
     * The average first response in seconds of the email threads with one: from the customer's first dated email to
     * the agent's first dated email after it. An email thread's elapsed time enters no figure.
     */
    average_email_first_response_s: typeKpiSchema,
    /** The share (0–1) of negative conversations among those with a sentiment. */
    negative_sentiment_share: kpiSchema,
  })
  .meta({ id: 'GraphKpis' });
export type GraphKpis = z.infer<typeof graphKpisSchema>;

export type ScoreInterval = (typeof scoreIntervals)[number];

export const scoreEvolutionQuerySchema = graphQuerySchemaWith({
  /** The bucket size; chosen from the range when absent (up to 31 days: day; up to 183: week; else month). */
  interval: z.enum(scoreIntervals).optional(),
});

export const scoreEvolutionSchema = z
  .object({
    interval: z.enum(scoreIntervals),
    /** The buckets holding at least one scored evaluation, oldest first. */
    points: z.array(
      z.object({
        /** The bucket's first day (`YYYY-MM-DD`, UTC; a week starts on Monday). */
        period_start: z.iso.date(),
        evaluated: z.number().int().min(0),
        average_score: z.number().min(0).max(100),
      }),
    ),
  })
  .meta({ id: 'ScoreEvolution' });
export type ScoreEvolution = z.infer<typeof scoreEvolutionSchema>;

/** The distribution's bins: 10 points wide, the last one holding 100. */
export const scoreBinWidth = 10;

export const scoreDistributionSchema = z
  .object({
    /** Always 10 bins, `min` included, `max` excluded except for the last one (90–100). */
    bins: z.array(
      z.object({
        min: z.number().int(),
        max: z.number().int(),
        count: z.number().int().min(0),
      }),
    ),
    /** Evaluations set to 0 by a critical item (they are in the first bin too). */
    auto_failed: z.number().int().min(0),
  })
  .meta({ id: 'ScoreDistribution' });
export type ScoreDistribution = z.infer<typeof scoreDistributionSchema>;

export const defaultAgentsLimit = 20;

export const agentsPerformanceQuerySchema = graphQuerySchemaWith({
  /** `true`: the worst first; `false` (default): the best first. */
  ascending: z
    .enum(['true', 'false'])
    .default('false')
    .transform((flag) => flag === 'true'),
  limit: z.coerce.number().int().min(1).max(100).default(defaultAgentsLimit),
});

export const agentsPerformanceSchema = z
  .object({
    /** Agents with at least one scored evaluation, by average score (then name). */
    agents: z.array(
      z.object({
        id: idSchema,
        name: z.string(),
        evaluated: z.number().int().min(1),
        average_score: z.number().min(0).max(100),
      }),
    ),
  })
  .meta({ id: 'AgentsPerformance' });
export type AgentsPerformance = z.infer<typeof agentsPerformanceSchema>;

export const typeProportionSchema = z
  .object({
    /** Every conversation type, in the order call, chat, email, with zeros. */
    types: z.array(
      z.object({
        type: conversationTypeSchema,
        conversations: z.number().int().min(0),
        /** Null when none of them has a scored evaluation. */
        average_score: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'TypeProportion' });
export type TypeProportion = z.infer<typeof typeProportionSchema>;

export const topicsAnalysisSchema = z
  .object({
    /** Each topic of the conversations, the most frequent first (then by name). */
    topics: z.array(
      z.object({
        topic: z.string(),
        conversations: z.number().int().min(1),
        /** Null when none of them has a scored evaluation. */
        average_score: z.number().nullable(),
        /** Among those with a sentiment; null when none has one. */
        negative_sentiment_share: z.number().min(0).max(1).nullable(),
      }),
    ),
  })
  .meta({ id: 'TopicsAnalysis' });
export type TopicsAnalysis = z.infer<typeof topicsAnalysisSchema>;

export const itemDetailsSchema = z
  .object({
    /** The items of the campaigns' grids (named as their newest version names them), in that version's order. */
    items: z.array(
      graphItemSchema.extend({
        /** Done evaluations where the item has an answer, N/A included. */
        answered: z.number().int().min(0),
        /** The average item score (0–100) of the answers other than N/A; null when there is none. */
        average_score: z.number().nullable(),
        /**
         * How many answers of each value: `yes` / `no` / `na` for a binary item, the level's index (`"0"`, `"1"`…)
         * or `na` for a multiple-levels item; none for a composed item (its answers are per sub-item).
         */
        counts: z.record(z.string(), z.number().int().min(0)),
      }),
    ),
  })
  .meta({ id: 'ItemDetails' });
export type ItemDetails = z.infer<typeof itemDetailsSchema>;
