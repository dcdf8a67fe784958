// What a review rule matches, as the sampling store reads it: its filters as the conversation list's criteria (one
// implementation of the filters for the list, its export and the rules), narrowed to an agent or a period.
import { conversationCriteria } from '../domain/conversation-criteria';
import type { Period } from '../domain/review-sampling';
import { toUnixSeconds } from '../db/time';
import type { RuleMatch } from './sampling-store';
import type { ReviewRuleRow } from './rules-store';

export function ruleMatch(rule: Pick<ReviewRuleRow, 'campaignId' | 'filters'>): RuleMatch {
  const { needs_review: needsReview = false, ...filters } = rule.filters;
  return {
    criteria: conversationCriteria(filters, { campaignId: rule.campaignId, onlyAgent: null }),
    needsReview,
  };
}

/**
 * The match narrowed to conversations started in `period` (from `from` on, when later) and, when given, to one
 * agent's. A rule's filters have no date range of their own: the period gives it.
 */
export function narrowed(
  match: RuleMatch,
  { period, from, agentId }: { period: Period; from?: Date; agentId?: string },
): RuleMatch {
  const start = from && from > period.start ? from : period.start;
  const { agentIds } = match.criteria;
  const otherAgent = agentId !== undefined && agentIds !== null && !agentIds.includes(agentId);
  return {
    ...match,
    criteria: {
      ...match.criteria,
      agentIds: agentId === undefined ? agentIds : [agentId],
      matchesNothing: match.criteria.matchesNothing || otherAgent,
      startedFrom: toUnixSeconds(start),
      startedUntil: toUnixSeconds(period.end),
    },
  };
}
