// Sampling a conversation as it finishes evaluation (decision 0205): each enabled rule of its campaign whose filters
// match it takes it or not by its quota for the current period, and gives it to the rule's reviewer with the fewest
// open assignments (never its agent; the rule's pool when no one is left). Test conversations are never sampled; a
// rule gives a conversation once, so running this again changes nothing.
import type { Database } from '../db/client';
import {
  draws,
  dueAtFrom,
  perAgentShare,
  periodOf,
  quotaTakes,
  samplingPeriod,
} from '../domain/review-sampling';
import type { LiveHub } from '../live/hub';
import { reviewerBatches } from './reviewer-batches';
import { previousPeriodMatches, type PreviousPeriodCounts } from './previous-period-counts';
import { ruleMatch } from './rule-match';
import { listReviewRules, type ReviewRuleRow } from './rules-store';
import {
  countGivenByAgent,
  findSamplingSubject,
  insertRuleAssignment,
  lockRuleAgent,
  ruleMatchesConversation,
} from './sampling-store';

/**
 * Whether the rule's quota takes the conversation now. A per-agent quota counts the agent's conversations given in
 * the current period and draws from a share set by the previous period's (a conversation without an agent has no
 * quota to count in, and is never taken).
 */
async function quotaTakesNow(
  tx: Database,
  previousPeriodCounts: PreviousPeriodCounts,
  rule: ReviewRuleRow,
  agentId: string | null,
  takeDraw: number,
  now: Date,
): Promise<boolean> {
  const { quota } = rule;
  if (!('per_agent' in quota)) return quotaTakes(quota, takeDraw, 0);
  if (agentId === null) return false;
  await lockRuleAgent(tx, rule.id, agentId);
  const given = await countGivenByAgent(tx, rule.id, periodOf(quota.period, now).start, [agentId]);
  const previous = await previousPeriodMatches(tx, previousPeriodCounts, rule, quota.period, agentId, now);
  return quotaTakes(quota, takeDraw, given.get(agentId) ?? 0, perAgentShare(quota.per_agent, previous));
}

/** What sampling uses beyond the transaction: the live hub that tells reviewers, the app's cache of counts. */
export interface SamplingDeps {
  hub: LiveHub;
  previousPeriodCounts: PreviousPeriodCounts;
}

/**
 * Applies the campaign's enabled rules to a conversation whose evaluation was just written, in that transaction;
 * its reviewers are told, one notification each.
 */
export async function sampleEvaluatedConversation(
  tx: Database,
  { hub, previousPeriodCounts }: SamplingDeps,
  conversationId: string,
  now = new Date(),
): Promise<void> {
  const subject = await findSamplingSubject(tx, conversationId);
  if (!subject || subject.isTest) return;
  const rules = (await listReviewRules(tx, subject.campaignId)).filter((rule) => rule.enabled);
  const batches = reviewerBatches(tx, hub);
  for (const rule of rules) {
    if (!(await ruleMatchesConversation(tx, conversationId, ruleMatch(rule)))) continue;
    const period = samplingPeriod(rule.quota);
    const periodStart = period ? periodOf(period, now).start : null;
    const draw = draws(rule.id, periodStart, conversationId);
    if (!(await quotaTakesNow(tx, previousPeriodCounts, rule, subject.agentId, draw.take, now))) continue;
    const reviewerId = await batches.choose(rule.reviewers, subject.agentId, draw.reviewer);
    const inserted = await insertRuleAssignment(tx, {
      ruleId: rule.id,
      campaignId: subject.campaignId,
      conversationId,
      reviewerId,
      periodStart,
      createdAt: now,
      dueAt: dueAtFrom(now, rule.dueInDays),
    });
    if (inserted && reviewerId) batches.given(reviewerId, subject.campaignId, conversationId);
  }
  await batches.notify();
}
