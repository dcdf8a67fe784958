// The review rules form's rules, with i18n keys as messages (the contract's reviewRuleInputSchema said in the
// user's language), its conversion from and to the API's rules, and where a server refusal lands in the form.
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  maxReviewRules,
  maxRuleReviewers,
  reviewPeriods,
  type ReviewQuota,
  type ReviewRule,
  type ReviewRuleFilters,
  type ReviewRulesInput,
} from '../../../../contract/reviews';
import { ApiError } from '../../../services/api-error';
import { compactFilters } from '../../../services/filters/conversation-filters';

export const quotaKinds = ['per_agent', 'percent', 'all'] as const;
export type QuotaKind = (typeof quotaKinds)[number];

/** A whole number from `min` to `max` typed in a field; null when the text is not one. */
function wholeNumberOf(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const number = Number(text);
  return number >= min && number <= max ? number : null;
}

/** A percent above 0 and at most 100 typed in a field (a comma is a decimal point too); null otherwise. */
function percentOf(text: string): number | null {
  const number = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(number) && number > 0 && number <= 100 ? number : null;
}

const perAgentRange = { min: 1, max: 1000 };
const dueRange = { min: 1, max: 90 };

const ruleFormSchema = z
  .object({
    /** The stored rule's id; absent for a rule added in this form. (`id` is the field array's own key.) */
    ruleId: z.string().optional(),
    name: z.string().trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
    enabled: z.boolean(),
    filters: z.custom<ReviewRuleFilters>(),
    quota: z.object({
      kind: z.enum(quotaKinds),
      perAgent: z.string(),
      period: z.enum(reviewPeriods),
      percent: z.string(),
    }),
    reviewers: z
      .array(z.string())
      .min(1, 'reviewRules.reviewersRequired')
      .max(maxRuleReviewers, 'reviewRules.tooManyReviewers'),
    dueInDays: z.string(),
  })
  .superRefine((rule, context) => {
    if (
      rule.quota.kind === 'per_agent' &&
      wholeNumberOf(rule.quota.perAgent, perAgentRange.min, perAgentRange.max) === null
    )
      context.addIssue({ code: 'custom', path: ['quota', 'perAgent'], message: 'reviewRules.perAgentRange' });
    if (rule.quota.kind === 'percent' && percentOf(rule.quota.percent) === null)
      context.addIssue({ code: 'custom', path: ['quota', 'percent'], message: 'reviewRules.percentRange' });
    if (wholeNumberOf(rule.dueInDays, dueRange.min, dueRange.max) === null)
      context.addIssue({ code: 'custom', path: ['dueInDays'], message: 'reviewRules.dueRange' });
  });

export const reviewRulesFormSchema = z.object({ rules: z.array(ruleFormSchema).max(maxReviewRules) });
export type ReviewRulesForm = z.infer<typeof reviewRulesFormSchema>;
export type ReviewRuleForm = ReviewRulesForm['rules'][number];

/** What "Add a rule" starts with: every conversation's evaluation, five per agent a week, due in a week. */
export const newRuleForm = (): ReviewRuleForm => ({
  name: '',
  enabled: true,
  filters: {},
  quota: { kind: 'per_agent', perAgent: '5', period: 'week', percent: '10' },
  reviewers: [],
  dueInDays: '7',
});

function quotaForm(quota: ReviewQuota): ReviewRuleForm['quota'] {
  const fallback = newRuleForm().quota;
  if ('per_agent' in quota)
    return { ...fallback, kind: 'per_agent', perAgent: String(quota.per_agent), period: quota.period };
  if ('percent' in quota) return { ...fallback, kind: 'percent', percent: String(quota.percent) };
  return { ...fallback, kind: 'all' };
}

export const toReviewRulesForm = (rules: readonly ReviewRule[]): ReviewRulesForm => ({
  rules: rules.map((rule) => ({
    ruleId: rule.id,
    name: rule.name,
    enabled: rule.enabled,
    filters: rule.filters,
    quota: quotaForm(rule.quota),
    reviewers: [...rule.reviewers],
    dueInDays: String(rule.due_in_days),
  })),
});

function quotaOf({ kind, perAgent, period, percent }: ReviewRuleForm['quota']): ReviewQuota {
  if (kind === 'per_agent') return { per_agent: Number(perAgent), period };
  if (kind === 'percent') return { percent: percentOf(percent) ?? 0 };
  return { all: true };
}

/** Only the filters set: an empty choice is no filter, and "only flagged" unticked is left out. */
function filtersOf({ needs_review, ...listFilters }: ReviewRuleFilters): ReviewRuleFilters {
  return { ...compactFilters(listFilters), ...(needs_review ? { needs_review: true } : {}) };
}

/** The form as the API takes it (checked by the form's schema first). */
export const fromReviewRulesForm = (form: ReviewRulesForm): ReviewRulesInput =>
  form.rules.map((rule) => ({
    ...(rule.ruleId ? { id: rule.ruleId } : {}),
    name: rule.name.trim(),
    enabled: rule.enabled,
    filters: filtersOf(rule.filters),
    quota: quotaOf(rule.quota),
    reviewers: rule.reviewers,
    due_in_days: Number(rule.dueInDays),
  }));

const serverFields: Record<string, { field: string; message: string }> = {
  id: { field: 'ruleId', message: 'reviewRules.ruleGone' },
  name: { field: 'name', message: 'reviewRules.refused' },
  filters: { field: 'filters', message: 'reviewRules.refused' },
  quota: { field: 'quota.kind', message: 'reviewRules.refused' },
  reviewers: { field: 'reviewers', message: 'reviewRules.reviewersRefused' },
  due_in_days: { field: 'dueInDays', message: 'reviewRules.refused' },
};

/**
 * The form field a server path names, with its message: `1.reviewers.2` (the service's) or `body.1.quota.percent`
 * (the schema's) → the rule's reviewers or quota; null for a path outside the rules.
 */
export function reviewRulesFormPathOf(
  serverPath: string,
): { path: FieldPath<ReviewRulesForm>; message: string } | null {
  const match = /^(?:body\.)?(\d+)\.(\w+)/.exec(serverPath);
  const target = match ? serverFields[match[2] as string] : undefined;
  if (!match || !target) return null;
  return {
    path: `rules.${Number(match[1])}.${target.field}` as FieldPath<ReviewRulesForm>,
    message: target.message,
  };
}

/** Shows each refusal the server gave next to its field; says whether any could be placed. */
export function placeReviewRulesRefusals(form: UseFormReturn<ReviewRulesForm>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const places = error.errors.flatMap(({ path }) => reviewRulesFormPathOf(path) ?? []);
  for (const { path, message } of places) form.setError(path, { type: 'server', message });
  return places.length > 0;
}
