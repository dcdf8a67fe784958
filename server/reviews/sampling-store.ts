// The review rules' sampling SQL: which evaluated conversations a rule's filters match (the list's criteria, plus
// the AI's flags), what a rule gave in a period, the reviewers' open load, the assignments it writes, expires and
// gives from its pool, and the locks that keep two writers from sampling the same thing at once (decision 0205).
import { and, count, eq, inArray, isNotNull, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { holdTransactionLock, tryTransactionLock } from '../db/locks-store';
import { newId } from '../db/ids';
import { conversations, evaluations, reviewAssignments, reviewRules } from '../db/schema';
import { matchingCriteria } from '../conversations/list-store';
import type { ConversationCriteria } from '../domain/conversation-criteria';
import type { ReviewerLoad } from '../domain/review-sampling';

/** What a rule matches: the list's criteria, and whether only evaluations the AI flagged for a person count. */
export interface RuleMatch {
  criteria: ConversationCriteria;
  needsReview: boolean;
}

/**
 * The conversation's evaluation is done and, for `needs_review`, the AI flagged one of its answers: a quote it
 * could not find in the transcript, or an item it failed to answer.
 */
function evaluated(needsReview: boolean): SQL {
  const flagged = sql`exists (select 1 from jsonb_array_elements(${evaluations.items}) as item
    where item->>'source' = 'ai'
      and ((item->>'needs_review')::boolean or item->>'not_evaluated_reason' = 'failed'))`;
  return sql`exists (select 1 from ${evaluations}
    where ${and(
      eq(evaluations.conversationId, conversations.id),
      eq(evaluations.status, 'done'),
      needsReview ? flagged : undefined,
    )})`;
}

const matchingRule = ({ criteria, needsReview }: RuleMatch) =>
  and(matchingCriteria(criteria), evaluated(needsReview));

/** A conversation as sampling reads it; undefined when it is gone. */
export async function findSamplingSubject(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      campaignId: conversations.campaignId,
      agentId: conversations.agentId,
      isTest: conversations.isTest,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row;
}

/** Whether the rule matches the conversation now. */
export async function ruleMatchesConversation(
  db: Database,
  conversationId: string,
  match: RuleMatch,
): Promise<boolean> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), matchingRule(match)));
  return rows.length > 0;
}

/** How many conversations the rule matches (its criteria narrowed to an agent and a period by the caller). */
export async function countMatching(db: Database, match: RuleMatch): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(matchingRule(match));
  return row?.n ?? 0;
}

/**
 * The conversations the rule matches that it has never given, with their agents: the candidates of a period's
 * refill (its criteria narrowed to the period by the caller).
 */
export function findUnpickedMatches(db: Database, ruleId: string, match: RuleMatch) {
  const given = db
    .select({ id: reviewAssignments.id })
    .from(reviewAssignments)
    .where(and(eq(reviewAssignments.ruleId, ruleId), eq(reviewAssignments.conversationId, conversations.id)));
  return db
    .select({ id: conversations.id, agentId: conversations.agentId })
    .from(conversations)
    .where(and(matchingRule(match), notExists(given)));
}

/** How many of each agent's conversations the rule gave for the period starting at `periodStart`. */
export async function countGivenByAgent(
  db: Database,
  ruleId: string,
  periodStart: Date,
  agentIds?: readonly string[],
): Promise<Map<string, number>> {
  const rows = await db
    .select({ agentId: conversations.agentId, n: count() })
    .from(reviewAssignments)
    .innerJoin(conversations, eq(conversations.id, reviewAssignments.conversationId))
    .where(
      and(
        eq(reviewAssignments.ruleId, ruleId),
        eq(reviewAssignments.periodStart, periodStart),
        isNotNull(conversations.agentId),
        agentIds ? inArray(conversations.agentId, [...agentIds]) : undefined,
      ),
    )
    .groupBy(conversations.agentId);
  return new Map(rows.flatMap(({ agentId, n }) => (agentId === null ? [] : [[agentId, n] as const])));
}

/** Each reviewer's open load: their pending assignments in every campaign (none: 0). */
export async function findOpenLoads(db: Database, reviewerIds: readonly string[]): Promise<ReviewerLoad[]> {
  if (reviewerIds.length === 0) return [];
  const rows = await db
    .select({ reviewerId: reviewAssignments.reviewerId, n: count() })
    .from(reviewAssignments)
    .where(
      and(inArray(reviewAssignments.reviewerId, [...reviewerIds]), eq(reviewAssignments.status, 'pending')),
    )
    .groupBy(reviewAssignments.reviewerId);
  const loads = new Map(rows.map((row) => [row.reviewerId, row.n]));
  return reviewerIds.map((id) => ({ id, openAssignments: loads.get(id) ?? 0 }));
}

export interface NewRuleAssignment {
  ruleId: string;
  campaignId: string;
  conversationId: string;
  /** Null: in the rule's pool, no reviewer being eligible. */
  reviewerId: string | null;
  periodStart: Date | null;
  /** When it is given: the sampling run's time (its period's expiry reads it). */
  createdAt: Date;
  dueAt: Date;
}

/** Writes the rule's assignment unless the rule already gave the conversation; true when it is new. */
export async function insertRuleAssignment(db: Database, assignment: NewRuleAssignment): Promise<boolean> {
  const inserted = await db
    .insert(reviewAssignments)
    .values({ id: newId(), status: 'pending', ...assignment })
    .onConflictDoNothing({ target: [reviewAssignments.ruleId, reviewAssignments.conversationId] })
    .returning({ id: reviewAssignments.id });
  return inserted.length > 0;
}

/**
 * Expires the rule's pending assignments given before `before` (the start of its current period) for a period: a
 * closed period's picks, and the refills given at its end for the one before it.
 */
export async function expireAssignmentsGivenBefore(db: Database, ruleId: string, before: Date) {
  const expired = await db
    .update(reviewAssignments)
    .set({ status: 'expired' })
    .where(
      and(
        eq(reviewAssignments.ruleId, ruleId),
        eq(reviewAssignments.status, 'pending'),
        isNotNull(reviewAssignments.periodStart),
        lt(reviewAssignments.createdAt, before),
      ),
    )
    .returning({ id: reviewAssignments.id });
  return expired.length;
}

/** The rule's pending assignments without a reviewer, with their conversations' agents, oldest first. */
export function findPoolAssignments(db: Database, ruleId: string) {
  return db
    .select({
      id: reviewAssignments.id,
      conversationId: reviewAssignments.conversationId,
      periodStart: reviewAssignments.periodStart,
      agentId: conversations.agentId,
    })
    .from(reviewAssignments)
    .innerJoin(conversations, eq(conversations.id, reviewAssignments.conversationId))
    .where(
      and(
        eq(reviewAssignments.ruleId, ruleId),
        eq(reviewAssignments.status, 'pending'),
        isNull(reviewAssignments.reviewerId),
      ),
    )
    .orderBy(reviewAssignments.id);
}

/** Gives a pool assignment to a reviewer; false when it has left the pool meanwhile. */
export async function giveFromPool(db: Database, id: string, reviewerId: string): Promise<boolean> {
  const given = await db
    .update(reviewAssignments)
    .set({ reviewerId })
    .where(
      and(
        eq(reviewAssignments.id, id),
        eq(reviewAssignments.status, 'pending'),
        isNull(reviewAssignments.reviewerId),
      ),
    )
    .returning({ id: reviewAssignments.id });
  return given.length > 0;
}

/**
 * Records that the rule's period starting at `periodStart` has had its opening pass; false when it already had it
 * (or a later one), so that the pass is done once per period whoever runs it.
 */
export async function claimPeriodOpening(db: Database, ruleId: string, periodStart: Date): Promise<boolean> {
  const claimed = await db
    .update(reviewRules)
    .set({ periodPassedFor: periodStart })
    .where(
      and(
        eq(reviewRules.id, ruleId),
        or(isNull(reviewRules.periodPassedFor), lt(reviewRules.periodPassedFor, periodStart)),
      ),
    )
    .returning({ id: reviewRules.id });
  return claimed.length > 0;
}

/** The campaigns with an enabled review rule. */
export async function findCampaignsSampled(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ campaignId: reviewRules.campaignId })
    .from(reviewRules)
    .where(eq(reviewRules.enabled, true));
  return rows.map((row) => row.campaignId);
}

/**
 * Waits for, then holds until the transaction ends, the right to sample the agent's conversations under the rule:
 * two evaluations finishing at once must not both see the agent one short of the quota.
 */
export async function lockRuleAgent(db: Database, ruleId: string, agentId: string): Promise<void> {
  await holdTransactionLock(db, `review-rule:${ruleId}:${agentId}`);
}

/** Takes, until the transaction ends, the rule's period pass; false when another instance runs it now. */
export async function tryLockPeriodPass(db: Database, ruleId: string): Promise<boolean> {
  return tryTransactionLock(db, `review-period:${ruleId}`);
}
