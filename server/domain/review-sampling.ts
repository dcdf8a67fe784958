// The review queue's sampling rules, without I/O: a rule's periods, a conversation's draws for a rule and period
// (seeded, so that running a rule again never reshuffles), whether a quota takes a conversation, which of a closed
// period's conversations make up an agent's shortfall, and which reviewer gets a conversation (decision 0205).
import type { ReviewPeriod, ReviewQuota } from '../../contract/reviews';

const dayMs = 24 * 60 * 60 * 1000;

export interface Period {
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

/** The UTC period holding `at`: a day, a week from Monday, or a calendar month. */
export function periodOf(period: ReviewPeriod, at: Date): Period {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  switch (period) {
    case 'day':
      return { start: new Date(midnight), end: new Date(midnight + dayMs) };
    case 'week': {
      const monday = midnight - ((at.getUTCDay() + 6) % 7) * dayMs;
      return { start: new Date(monday), end: new Date(monday + 7 * dayMs) };
    }
    case 'month':
      return {
        start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
        end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
      };
  }
}

/** The period just before the one holding `at`. */
export const previousPeriodOf = (period: ReviewPeriod, at: Date): Period =>
  periodOf(period, new Date(periodOf(period, at).start.getTime() - 1));

/**
 * The period a quota counts in: a per-agent quota's own. A share or all of the conversations counts in none: its
 * draw is the conversation's for good, and its assignments never expire (they only fall overdue).
 */
export const samplingPeriod = (quota: ReviewQuota): ReviewPeriod | null =>
  'per_agent' in quota ? quota.period : null;

/** FNV-1a over the text's UTF-16 units, then MurmurHash3's finaliser, so that near texts draw far apart. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export interface Draws {
  /** Whether the quota takes the conversation: lower is taken first. */
  take: number;
  /** Which of the reviewers of equal load gets it. */
  reviewer: number;
}

/**
 * A conversation's draws for a rule (and its period, for a quota that has one), in [0, 1). The reviewer's draw is
 * independent of the take's, which a small percentage has already kept low. The same inputs always draw the same.
 */
export function draws(ruleId: string, periodStart: Date | null, conversationId: string): Draws {
  const seed = `${ruleId}:${periodStart?.toISOString() ?? 'always'}:${conversationId}`;
  return { take: hash32(`take:${seed}`) / 2 ** 32, reviewer: hash32(`reviewer:${seed}`) / 2 ** 32 };
}

/**
 * Whether the quota takes a conversation that matches the rule, given its take draw and how many of the agent's
 * conversations the rule already gave in the period. A per-agent quota takes one while the agent has fewer than its
 * number and the draw falls under `share` (see `perAgentShare`), so that its picks spread over the period instead of
 * being its first conversations.
 */
export function quotaTakes(quota: ReviewQuota, takeDraw: number, givenOfAgent: number, share = 1): boolean {
  if ('all' in quota) return true;
  if ('percent' in quota) return takeDraw < quota.percent / 100;
  return givenOfAgent < quota.per_agent && takeDraw < share;
}

/**
 * The share of an agent's conversations a per-agent quota draws as they come: its number over how many the agent
 * had the period before (all of them without such a history, or with fewer than the number).
 */
export const perAgentShare = (perAgent: number, previousPeriodCount: number): number =>
  previousPeriodCount <= perAgent ? 1 : perAgent / previousPeriodCount;

export interface Candidate {
  id: string;
  agentId: string | null;
  takeDraw: number;
}

/**
 * The conversations that make up each agent's shortfall in a closed period: for every agent given fewer than
 * `perAgent`, the missing number among their candidates by ascending take draw (the order the quota would have taken
 * them in). Conversations without an agent have no quota and are never taken.
 */
export function shortfallPicks(
  candidates: readonly Candidate[],
  givenByAgent: ReadonlyMap<string, number>,
  perAgent: number,
): Candidate[] {
  const byAgent = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    if (candidate.agentId === null) continue;
    byAgent.set(candidate.agentId, [...(byAgent.get(candidate.agentId) ?? []), candidate]);
  }
  return [...byAgent].flatMap(([agentId, ofAgent]) => {
    const missing = Math.max(0, perAgent - (givenByAgent.get(agentId) ?? 0));
    return [...ofAgent].sort((a, b) => a.takeDraw - b.takeDraw || a.id.localeCompare(b.id)).slice(0, missing);
  });
}

/** When a rule's assignment given at `givenAt` is due: `dueInDays` whole days later. */
export const dueAtFrom = (givenAt: Date, dueInDays: number): Date =>
  new Date(givenAt.getTime() + dueInDays * dayMs);

export interface ReviewerLoad {
  id: string;
  /** Assignments given to the reviewer and still pending, in every campaign. */
  openAssignments: number;
}

/**
 * The reviewer who gets a conversation: among the rule's reviewers, never its agent, the one with the fewest open
 * assignments; a tie is settled by the conversation's reviewer draw, so that equal loads do not always fall on the
 * same person. Undefined when no one is left.
 */
export function chooseReviewer(
  reviewers: readonly ReviewerLoad[],
  agentId: string | null,
  reviewerDraw: number,
): string | undefined {
  const eligible = reviewers.filter((reviewer) => reviewer.id !== agentId);
  const fewest = Math.min(...eligible.map((reviewer) => reviewer.openAssignments));
  const tied = eligible
    .filter((reviewer) => reviewer.openAssignments === fewest)
    .sort((a, b) => a.id.localeCompare(b.id));
  return tied[Math.floor(reviewerDraw * tied.length)]?.id;
}
