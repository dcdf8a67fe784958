// How many conversations a per-agent rule matched for an agent in the period before the current one: the share its
// quota draws with (decision 0205). A closed period's count barely moves (only a late evaluation changes it), yet
// reading it means joining a week or a month of the agent's conversations to their evaluations on every sampled
// conversation; each app keeps it per rule version, agent and period instead, in its context
// (`AppContext.previousPeriodCounts`, decision 0219), so that apps built side by side (tests) share nothing.
import type { Database } from '../db/client';
import { previousPeriodOf } from '../domain/review-sampling';
import { expiringCache, type ExpiringCache } from '../plugins/expiring-cache';
import type { ReviewPeriod } from '../../contract/reviews';
import { narrowed, ruleMatch } from './rule-match';
import type { ReviewRuleRow } from './rules-store';
import { countMatching } from './sampling-store';

/** The counts kept, by rule version, agent and period. */
export type PreviousPeriodCounts = ExpiringCache<number>;

/**
 * Enough for every agent of many rules (past it, the least recently used are read again when next needed); a day,
 * so that a late evaluation of the closed period counts by the next day at the latest.
 */
export const createPreviousPeriodCounts = (): PreviousPeriodCounts =>
  expiringCache({ ttlMs: 24 * 60 * 60 * 1000, capacity: 10_000 });

export async function previousPeriodMatches(
  db: Database,
  kept: PreviousPeriodCounts,
  rule: ReviewRuleRow,
  period: ReviewPeriod,
  agentId: string,
  now: Date,
): Promise<number> {
  const previous = previousPeriodOf(period, now);
  // An edited rule matches differently: its version (its last change) is part of the key.
  const key = `${rule.id}:${rule.updatedAt.getTime()}:${agentId}:${previous.start.getTime()}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const count = await countMatching(db, narrowed(ruleMatch(rule), { period: previous, agentId }));
  kept.set(key, count);
  return count;
}
