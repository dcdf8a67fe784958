// From scores to POSITIVE / NEGATIVE / NEUTRAL, per turn and for the whole conversation, with the thresholds the
// product documents (docs/decisions/0117-analysis-and-translation-engines.md).
import type { Speaker } from '../../../contract/conversations';
import type { Sentiment } from '../../../contract/enums';

/** A turn is positive from +1 (one mildly positive word: "thanks", "bien") and negative from -1. */
export const turnThreshold = 1;

/** The conversation's weighted mean turn score is positive from +0.5 and negative from -0.5. */
export const conversationThreshold = 0.5;

/** One long rant or eulogy counts as a strongly rated turn, not as ten turns. */
export const turnScoreLimit = 5;

/** Turns in the second half weigh this much more: how a conversation ends says most about it. */
export const lateTurnWeight = 2;

export function sentimentOf(score: number, threshold: number): Sentiment {
  if (score >= threshold) return 'POSITIVE';
  if (score <= -threshold) return 'NEGATIVE';
  return 'NEUTRAL';
}

export interface ScoredTurn {
  speaker: Speaker;
  score: number;
}

/**
 * The conversation's score: the mean of its rated turns' scores (each within ±`turnScoreLimit`), late turns
 * weighing double. The customer's turns decide when they have any rated word, since an agent is polite
 * whatever happens; otherwise every turn counts (an agent's email alone, say). No rated turn: 0.
 */
export function conversationScore(turns: readonly ScoredTurn[]): number {
  const rated = turns
    .map((turn, index) => ({ ...turn, weight: index >= turns.length / 2 ? lateTurnWeight : 1 }))
    .filter((turn) => turn.score !== 0);
  const customer = rated.filter((turn) => turn.speaker === 'customer');
  const deciding = customer.length > 0 ? customer : rated;
  const totalWeight = deciding.reduce((sum, turn) => sum + turn.weight, 0);
  if (totalWeight === 0) return 0;
  const limit = (score: number) => Math.max(-turnScoreLimit, Math.min(turnScoreLimit, score));
  return deciding.reduce((sum, turn) => sum + limit(turn.score) * turn.weight, 0) / totalWeight;
}
