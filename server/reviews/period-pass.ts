// The review rules' period pass (decision 0205), run now and then by every worker instance: at the opening of a
// rule's period, the closed period's pending assignments expire and the agents its quota left short get the
// missing number from that period's matching conversations it never picked (by ascending draw); at every run, the
// rule's pool (assignments without a reviewer) goes to its reviewers by load. Running it twice, or on two instances
// at once, gives nothing twice: one instance holds a rule's pass at a time, a period opens once per rule, and a rule
// gives a conversation once.
import type { FastifyBaseLogger } from 'fastify';
import type { ReviewPeriod } from '../../contract/reviews';
import type { Database } from '../db/client';
import { draws, dueAtFrom, periodOf, previousPeriodOf, shortfallPicks } from '../domain/review-sampling';
import type { LiveHub } from '../live/hub';
import { reviewerBatches, type ReviewerBatches } from './reviewer-batches';
import { narrowed, ruleMatch } from './rule-match';
import { listReviewRules, type ReviewRuleRow } from './rules-store';
import {
  claimPeriodOpening,
  countGivenByAgent,
  expireAssignmentsGivenBefore,
  findCampaignsSampled,
  findPoolAssignments,
  findUnpickedMatches,
  giveFromPool,
  insertRuleAssignment,
  tryLockPeriodPass,
} from './sampling-store';

/** What one rule's pass did. */
export interface RulePassOutcome {
  expired: number;
  refilled: number;
  givenFromPool: number;
}

/** Expires the closed period's pending assignments and fills its agents' shortfalls, once per period. */
async function openPeriod(
  tx: Database,
  rule: ReviewRuleRow & { quota: { per_agent: number; period: ReviewPeriod } },
  batches: ReviewerBatches,
  now: Date,
): Promise<Omit<RulePassOutcome, 'givenFromPool'>> {
  const current = periodOf(rule.quota.period, now);
  if (!(await claimPeriodOpening(tx, rule.id, current.start))) return { expired: 0, refilled: 0 };
  const expired = await expireAssignmentsGivenBefore(tx, rule.id, current.start);
  const closed = previousPeriodOf(rule.quota.period, now);
  // A rule samples from its creation on: the part of the closed period before it is no one's shortfall.
  const candidates = await findUnpickedMatches(
    tx,
    rule.id,
    narrowed(ruleMatch(rule), { period: closed, from: rule.createdAt }),
  );
  const given = await countGivenByAgent(tx, rule.id, closed.start);
  const picks = shortfallPicks(
    candidates.map((candidate) => ({
      ...candidate,
      takeDraw: draws(rule.id, closed.start, candidate.id).take,
    })),
    given,
    rule.quota.per_agent,
  );
  let refilled = 0;
  for (const pick of picks) {
    const reviewerId = await batches.choose(
      rule.reviewers,
      pick.agentId,
      draws(rule.id, closed.start, pick.id).reviewer,
    );
    const inserted = await insertRuleAssignment(tx, {
      ruleId: rule.id,
      campaignId: rule.campaignId,
      conversationId: pick.id,
      reviewerId,
      periodStart: closed.start,
      createdAt: now,
      dueAt: dueAtFrom(now, rule.dueInDays),
    });
    if (!inserted) continue;
    refilled += 1;
    if (reviewerId) batches.given(reviewerId, rule.campaignId, pick.id);
  }
  return { expired, refilled };
}

/** Gives the rule's pool to its reviewers by load; what no one may take stays in the pool. */
async function givePool(tx: Database, rule: ReviewRuleRow, batches: ReviewerBatches): Promise<number> {
  let given = 0;
  for (const assignment of await findPoolAssignments(tx, rule.id)) {
    const draw = draws(rule.id, assignment.periodStart, assignment.conversationId);
    const reviewerId = await batches.choose(rule.reviewers, assignment.agentId, draw.reviewer);
    if (!reviewerId || !(await giveFromPool(tx, assignment.id, reviewerId))) continue;
    given += 1;
    batches.given(reviewerId, rule.campaignId, assignment.conversationId);
  }
  return given;
}

/** One rule's pass, in one transaction; null when another instance holds it now. */
export function passRule(
  db: Database,
  hub: LiveHub,
  rule: ReviewRuleRow,
  now = new Date(),
): Promise<RulePassOutcome | null> {
  return db.transaction(async (tx) => {
    if (!(await tryLockPeriodPass(tx, rule.id))) return null;
    const batches = reviewerBatches(tx, hub);
    const { quota } = rule;
    const opened =
      'per_agent' in quota
        ? await openPeriod(tx, { ...rule, quota }, batches, now)
        : { expired: 0, refilled: 0 };
    const givenFromPool = await givePool(tx, rule, batches);
    await batches.notify();
    return { ...opened, givenFromPool };
  });
}

/** The pass over every enabled rule; a rule that fails is logged and left for the next run. */
export async function runReviewPeriodPass(
  db: Database,
  hub: LiveHub,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  for (const campaignId of await findCampaignsSampled(db)) {
    for (const rule of await listReviewRules(db, campaignId)) {
      if (!rule.enabled) continue;
      try {
        const outcome = await passRule(db, hub, rule, now);
        if (outcome && outcome.expired + outcome.refilled + outcome.givenFromPool > 0)
          log.info({ rule: rule.id, ...outcome }, 'review period pass');
      } catch (error) {
        log.error(
          { err: error, rule: rule.id },
          'review period pass failed for a rule; next run tries again',
        );
      }
    }
  }
}
