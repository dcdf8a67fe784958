// The review queue's API: a campaign's sampling rules, which pick conversations for people to review and spread
// them over the reviewers the rule names. A rule's filters are the conversation list's filters, plus whether the
// AI flagged the evaluation for a person to look at.
import { z } from 'zod';
import { idSchema, unixSecondsSchema } from './common';
import { conversationFiltersSchema } from './conversations';

export const reviewPeriods = ['day', 'week', 'month'] as const;
export type ReviewPeriod = (typeof reviewPeriods)[number];

/**
 * How many conversations a rule picks: up to N per agent and period, a share of the matching conversations, or all
 * of them.
 */
export const reviewQuotaSchema = z
  .union([
    z.object({ per_agent: z.number().int().min(1).max(1000), period: z.enum(reviewPeriods) }).strict(),
    z.object({ percent: z.number().gt(0).max(100) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ])
  .meta({ id: 'ReviewQuota' });
export type ReviewQuota = z.infer<typeof reviewQuotaSchema>;

/** The list's filters, without the free-text search and the date range (a rule runs period after period). */
export const reviewRuleFiltersSchema = conversationFiltersSchema
  .omit({ q: true, started_after: true, started_before: true })
  .extend({
    /** Only evaluations the AI flagged: an unverified quote, a failed item, a low confidence. */
    needs_review: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'ReviewRuleFilters' });
export type ReviewRuleFilters = z.infer<typeof reviewRuleFiltersSchema>;

export const maxReviewRules = 20;
export const maxRuleReviewers = 50;

const reviewRuleFields = {
  name: z.string().trim().min(1).max(100),
  enabled: z.boolean(),
  filters: reviewRuleFiltersSchema,
  quota: reviewQuotaSchema,
  /** Users of the campaign's organisation who may validate in it. */
  reviewers: z
    .array(idSchema)
    .min(1)
    .max(maxRuleReviewers)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'A reviewer is listed twice' }),
  /** Days an assignment has from its creation until it is due. */
  due_in_days: z.number().int().min(1).max(90),
};

export const reviewRuleSchema = z
  .object({ id: idSchema, ...reviewRuleFields, created_at: unixSecondsSchema, updated_at: unixSecondsSchema })
  .meta({ id: 'ReviewRule' });
export type ReviewRule = z.infer<typeof reviewRuleSchema>;

/** A rule as written: with its id to change it, without one to add it. */
export const reviewRuleInputSchema = z
  .object({ id: idSchema.optional(), ...reviewRuleFields })
  .strict()
  .meta({ id: 'ReviewRuleInput' });
export type ReviewRuleInput = z.infer<typeof reviewRuleInputSchema>;

/** `PUT /campaigns/{id}/review-rules`: the campaign's whole set of rules; a rule left out is deleted. */
export const reviewRulesInputSchema = z
  .array(reviewRuleInputSchema)
  .max(maxReviewRules)
  .refine(
    (rules) => {
      const ids = rules.flatMap((rule) => (rule.id ? [rule.id] : []));
      return new Set(ids).size === ids.length;
    },
    { message: 'A rule is listed twice' },
  )
  .meta({ id: 'ReviewRulesInput' });
export type ReviewRulesInput = z.infer<typeof reviewRulesInputSchema>;

export const reviewRulesSchema = z.array(reviewRuleSchema).meta({ id: 'ReviewRules' });

export const reviewAssignmentStatuses = ['pending', 'done', 'skipped', 'expired'] as const;
export type ReviewAssignmentStatus = (typeof reviewAssignmentStatuses)[number];
