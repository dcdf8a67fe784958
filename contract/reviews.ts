// The review queue's API: a campaign's sampling rules, which pick conversations for people to review and spread
// them over the reviewers the rule names. A rule's filters are the conversation list's filters, plus whether the
// AI flagged the evaluation for a person to look at.
import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSchema, unixSecondsSchema } from './common';
import { conversationFiltersSchema } from './conversations';
import { conversationTypeSchema } from './enums';
import { maxAssignedAtOnce } from './values/reviews';

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

/**
 * The list's filters, without the free-text search and the date range (a rule runs period after period) nor a
 * selection by id.
 */
export const reviewRuleFiltersSchema = conversationFiltersSchema
  .omit({ q: true, started_after: true, started_before: true, ids: true })
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
  .meta({ id: 'ReviewRuleEdit' });
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
  .meta({ id: 'ReviewRuleSet' });
export type ReviewRulesInput = z.infer<typeof reviewRulesInputSchema>;

export const reviewRulesSchema = z.array(reviewRuleSchema).meta({ id: 'ReviewRules' });

/**
 * `GET /campaigns/{id}/reviewers`: the people who may review in a campaign (its active members of its
 * organisation who may validate there), by name, for a rule's reviewers and for giving conversations by hand.
 */
export const campaignReviewersSchema = z
  .array(z.object({ id: idSchema, name: z.string(), email: z.string() }))
  .meta({ id: 'CampaignReviewers' });
export type CampaignReviewer = z.infer<typeof campaignReviewersSchema>[number];

export const reviewAssignmentStatuses = ['pending', 'done', 'skipped', 'expired'] as const;
export type ReviewAssignmentStatus = (typeof reviewAssignmentStatuses)[number];

const namedSchema = z.object({ id: idSchema, name: z.string() });

/** A conversation given to a reviewer; `reviewer` is null while it waits in its rule's pool. */
export const reviewAssignmentSchema = z
  .object({
    id: idSchema,
    campaign: namedSchema,
    conversation: z.object({
      id: idSchema,
      type: conversationTypeSchema,
      started_at: unixSecondsSchema,
      agent: namedSchema.nullable(),
    }),
    reviewer: namedSchema.nullable(),
    /** The rule that sampled it; null when it was assigned by hand (or its rule was deleted). */
    rule: namedSchema.nullable(),
    status: z.enum(reviewAssignmentStatuses),
    due_at: unixSecondsSchema.nullable(),
    /** Pending and past its due time. */
    overdue: z.boolean(),
    created_at: unixSecondsSchema,
    done_at: unixSecondsSchema.nullable(),
    skip_reason: z.string().nullable(),
  })
  .meta({ id: 'ReviewAssignment' });
export type ReviewAssignment = z.infer<typeof reviewAssignmentSchema>;

/**
 * `GET /reviews/assignments`: the caller's own by default; another reviewer's, or everyone's in a campaign, for
 * those who may edit the campaign's settings. Ordered by due time (none last), then creation.
 */
export const reviewAssignmentListQuerySchema = pageQuerySchema.extend({
  reviewer: z.union([z.literal('me'), idSchema]).optional(),
  status: z.enum(reviewAssignmentStatuses).optional(),
  campaign: idSchema.optional(),
});
export type ReviewAssignmentListQuery = z.infer<typeof reviewAssignmentListQuerySchema>;

/**
 * A page of assignments. `total`, how many the filter selects, is counted on the first page only: a later page
 * answers null and the first page's count stands (decision 0217).
 */
export const reviewAssignmentPageSchema = pageSchema(reviewAssignmentSchema)
  .extend({ total: z.number().int().nonnegative().nullable() })
  .meta({ id: 'ReviewAssignmentPage' });

export { maxAssignedAtOnce };

/** `POST /reviews/assignments`: conversations of one campaign given to a reviewer by hand. */
export const newReviewAssignmentsSchema = z
  .object({
    conversation_ids: z
      .array(idSchema)
      .min(1)
      .max(maxAssignedAtOnce)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'A conversation is listed twice' }),
    reviewer_id: idSchema,
    due_at: unixSecondsSchema.nullable().default(null),
  })
  .strict()
  .meta({ id: 'NewReviewAssignments' });
export type NewReviewAssignments = z.infer<typeof newReviewAssignmentsSchema>;

/** `PATCH /reviews/assignments/{id}`: another reviewer or due time, or skipped (with a reason). */
export const reviewAssignmentChangesSchema = z
  .object({
    reviewer_id: idSchema.optional(),
    due_at: unixSecondsSchema.nullable().optional(),
    status: z.literal('skipped').optional(),
    skip_reason: z.string().trim().min(1).max(500).optional(),
  })
  .strict()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Nothing to change' })
  .refine((changes) => changes.skip_reason === undefined || changes.status === 'skipped', {
    message: 'A skip reason goes with status "skipped"',
    path: ['skip_reason'],
  })
  .meta({ id: 'ReviewAssignmentChanges' });
export type ReviewAssignmentChanges = z.infer<typeof reviewAssignmentChangesSchema>;

/** The longest period the progress and the team's counts cover. */
export const maxReviewPeriodDays = 366;

/**
 * A period the progress and the team's counts cover, `[from, to)` in unix seconds: the browser sends the user's own
 * week or month, in their time zone.
 */
const periodFields = { from: z.coerce.number().int(), to: z.coerce.number().int() };

/** The period's checks, on a query that holds one. */
const checkPeriod = <Query extends z.ZodType<{ from: number; to: number }>>(query: Query) =>
  query
    .refine((period) => period.from < period.to, { message: '"from" must come before "to"', path: ['to'] })
    .refine((period) => period.to - period.from <= maxReviewPeriodDays * 24 * 60 * 60, {
      message: `A period covers at most ${maxReviewPeriodDays} days`,
      path: ['to'],
    });

export const reviewPeriodQuerySchema = checkPeriod(z.object(periodFields));
export type ReviewPeriodQuery = z.infer<typeof reviewPeriodQuerySchema>;

/**
 * A reviewer's work over a period: `assigned` counts the assignments open at some time in it (given before its end,
 * and still pending, or given or done within it), `done` those done within it, `overdue` those still pending past
 * their due time now, `pending` those still pending.
 */
export const reviewCountsSchema = z.object({
  assigned: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type ReviewCounts = z.infer<typeof reviewCountsSchema>;

/** `GET /reviews/progress?from&to`: the caller's own counts, over every campaign. */
export const reviewProgressSchema = reviewCountsSchema.meta({ id: 'ReviewProgress' });
export type ReviewProgress = z.infer<typeof reviewProgressSchema>;

/** `GET /reviews/team?campaign&from&to`: a campaign's counts per reviewer (every reviewer, with or without work). */
export const reviewTeamQuerySchema = checkPeriod(z.object({ ...periodFields, campaign: idSchema }));
export type ReviewTeamQuery = z.infer<typeof reviewTeamQuerySchema>;

export const reviewTeamSchema = z
  .array(reviewCountsSchema.extend({ reviewer: namedSchema }))
  .meta({ id: 'ReviewTeam' });
export type ReviewTeamMember = z.infer<typeof reviewTeamSchema>[number];

/**
 * `POST /reviews/assignments/reassign`: pending assignments of one campaign given to another reviewer, all or none
 * (a refusal names each assignment at fault).
 */
export const reviewReassignmentSchema = z
  .object({
    assignment_ids: z
      .array(idSchema)
      .min(1)
      .max(maxAssignedAtOnce)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'An assignment is listed twice' }),
    reviewer_id: idSchema,
  })
  .strict()
  .meta({ id: 'ReviewReassignment' });
export type ReviewReassignment = z.infer<typeof reviewReassignmentSchema>;
