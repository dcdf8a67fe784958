// An evaluation's stored result from an engine's answers: the items it ran replace theirs, the others keep what
// they had, and every score is computed again from the whole set.
import type { EvaluationItemResult } from '../../contract/evaluations';
import type { Grid, ItemValue } from '../domain/evaluation/grid';
import { gridItems } from '../domain/evaluation/grid';
import { scoreEvaluation, type EvaluationScores } from '../domain/evaluation/scoring';
import type { ItemOutcome } from './engine';

const fromOutcome = (outcome: ItemOutcome): EvaluationItemResult => ({
  item_id: outcome.item_id,
  value: outcome.value,
  score: null,
  justification: outcome.justification,
  evidence: outcome.evidence,
  source: 'ai',
  comment: null,
  not_evaluated_reason: outcome.not_evaluated_reason,
  rule_reason: outcome.rule_reason,
  needs_review: outcome.needs_review,
  failure_detail: outcome.failure_detail,
});

/**
 * The items in grid order, with their scores, and the evaluation's scores. `outcomes` holds the items the engine
 * ran; an item of the grid in neither list is left unanswered.
 */
export function evaluationResult(
  grid: Grid,
  outcomes: readonly ItemOutcome[],
  previous: readonly EvaluationItemResult[],
): { items: EvaluationItemResult[]; scores: EvaluationScores } {
  const ran = new Map(outcomes.map((outcome) => [outcome.item_id, fromOutcome(outcome)]));
  const kept = new Map(previous.map((item) => [item.item_id, item]));
  const items = gridItems(grid).flatMap((item) => ran.get(item.id) ?? kept.get(item.id) ?? []);
  const answers = new Map(
    items.flatMap((item): [string, ItemValue][] => (item.value === null ? [] : [[item.item_id, item.value]])),
  );
  const scores = scoreEvaluation(grid, answers);
  const scoreOf = new Map(scores.items.map((item) => [item.item_id, item.score]));
  return { items: items.map((item) => ({ ...item, score: scoreOf.get(item.item_id) ?? null })), scores };
}
