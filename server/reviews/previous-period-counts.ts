// How many conversations a per-agent rule matched for an agent in the period before the current one: the share its
// quota draws with (decision 0205). A closed period's count barely moves (only a late evaluation changes it), yet
// reading it means joining a week or a month of the agent's conversations to their evaluations on every sampled
// conversation; each process keeps it per rule version, agent and period instead, for the period's life.
import type { Database } from '../db/client';
import { previousPeriodOf } from '../domain/review-sampling';
import type { ReviewPeriod } from '../../contract/reviews';
import { narrowed, ruleMatch } from './rule-match';
import type { ReviewRuleRow } from './rules-store';
import { countMatching } from './sampling-store';

/** Enough for every agent of many rules; past it, the oldest are read again when next needed. */
const maxKept = 10_000;
const kept = new Map<string, number>();

export async function previousPeriodMatches(
  db: Database,
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
  if (kept.size >= maxKept) kept.delete(kept.keys().next().value as string);
  kept.set(key, count);
  return count;
}
