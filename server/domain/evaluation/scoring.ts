// An evaluation's scores from its answers: each item's score, each section's and the main score as the mean of
// the applicable items weighted by `weight`, the additional scores, and the auto-fail of a critical item.
import type { Grid, GridItem, ItemValue } from './grid';
import { gridItems } from './grid';
import { itemScore } from './item-score';

export interface ItemScore {
  item_id: string;
  /** Null when the item is not answered (the engine left it, or no one has answered it yet). */
  value: ItemValue | null;
  /** 0–100; null when the item is unanswered or does not apply. */
  score: number | null;
}

export interface EvaluationScores {
  items: ItemScore[];
  /** Null for a section with no applicable item. */
  section_scores: { section_id: string; score: number | null }[];
  /** 0 when auto-failed; null when no item of the grid applies. */
  main_score: number | null;
  additional_scores: { id: string; score: number | null }[];
  /** A critical item scored 0, which sets the main score to 0. */
  auto_failed: boolean;
  /** The critical items that scored 0, in grid order. */
  failed_critical_item_ids: string[];
}

/**
 * The mean of the scores weighted by their item's weight; items without a score are left out of both sides.
 * Null when nothing is left, or only items of weight 0 (there is nothing to average).
 */
function weightedMean(
  items: readonly GridItem[],
  scoreOf: ReadonlyMap<string, number | null>,
): number | null {
  let total = 0;
  let weights = 0;
  for (const item of items) {
    const score = scoreOf.get(item.id);
    if (score === null || score === undefined) continue;
    total += score * item.weight;
    weights += item.weight;
  }
  return weights > 0 ? total / weights : null;
}

/**
 * Scores the answers (by item id; a missing item is unanswered). A critical item "answered no" is one that
 * scores 0 whatever its type: a binary `no`, a level worth 0, a composed item with no sub-item met.
 */
export function scoreEvaluation(grid: Grid, answers: ReadonlyMap<string, ItemValue>): EvaluationScores {
  const all = gridItems(grid);
  const items = all.map((item): ItemScore => {
    const value = answers.get(item.id) ?? null;
    return { item_id: item.id, value, score: value === null ? null : itemScore(item, value) };
  });
  const scoreOf = new Map(items.map(({ item_id, score }) => [item_id, score]));
  const failed = all.filter((item) => item.critical && scoreOf.get(item.id) === 0).map((item) => item.id);
  const itemsById = new Map(all.map((item) => [item.id, item]));
  return {
    items,
    section_scores: grid.sections.map((section) => ({
      section_id: section.id,
      score: weightedMean(section.items, scoreOf),
    })),
    main_score: failed.length > 0 ? 0 : weightedMean(all, scoreOf),
    additional_scores: grid.additional_scores.map((additional) => ({
      id: additional.id,
      score: weightedMean(
        additional.item_ids.flatMap((id) => itemsById.get(id) ?? []),
        scoreOf,
      ),
    })),
    auto_failed: failed.length > 0,
    failed_critical_item_ids: failed,
  };
}
