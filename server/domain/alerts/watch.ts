// What an alert watches, read against a grid: whether its section, additional score or item is there (with the
// right item type), the names an `ALERT` notification shows, and the score an evaluation gives it.
import type { AlertWatch } from '../../../contract/alerts';
import type { Grid } from '../evaluation/grid';
import { gridItems } from '../evaluation/grid';

/** The scores of a finished evaluation, as stored (null: nothing applicable, or unanswered). */
export interface EvaluationScoresRead {
  main_score: number | null;
  section_scores: readonly { section_id: string; score: number | null }[];
  additional_scores: readonly { id: string; score: number | null }[];
  items: readonly { item_id: string; score: number | null }[];
}

/** A field of the watch that does not fit the grid, with the reason in words. */
export interface WatchProblem {
  path: string;
  message: string;
}

const itemTypes = new Set<AlertWatch['type']>(['binary_item', 'multiple_levels_item', 'composed_item']);

/** Which id field the watch's type needs; null for the main score. */
export function requiredReference(type: AlertWatch['type']): 'section_id' | 'score_id' | 'item_id' | null {
  if (type === 'section_score') return 'section_id';
  if (type === 'additional_score') return 'score_id';
  return itemTypes.has(type) ? 'item_id' : null;
}

const references = ['section_id', 'score_id', 'item_id'] as const;

/**
 * Why the watch does not fit the grid: a reference its type needs is missing, one it does not take is given, or
 * the section, additional score or item is not in the grid, or the item is of another type. Empty when it fits.
 */
export function watchProblems(watch: AlertWatch, grid: Grid): WatchProblem[] {
  const needed = requiredReference(watch.type);
  const problems: WatchProblem[] = references
    .filter((field) => field !== needed && watch[field] !== undefined)
    .map((field) => ({ path: `detail.${field}`, message: `A ${watch.type} alert takes no ${field}` }));
  if (needed === null) return problems;
  const id = watch[needed];
  if (id === undefined)
    return [...problems, { path: `detail.${needed}`, message: `A ${watch.type} alert needs a ${needed}` }];
  if (needed === 'section_id' && !grid.sections.some((section) => section.id === id)) {
    problems.push({ path: 'detail.section_id', message: `The section ${id} is not in the campaign's grid` });
  }
  if (needed === 'score_id' && !grid.additional_scores.some((score) => score.id === id)) {
    problems.push({
      path: 'detail.score_id',
      message: `The additional score ${id} is not in the campaign's grid`,
    });
  }
  if (needed === 'item_id') {
    const item = gridItems(grid).find((candidate) => candidate.id === id);
    if (!item)
      problems.push({ path: 'detail.item_id', message: `The item ${id} is not in the campaign's grid` });
    else if (item.type !== watch.type) {
      problems.push({
        path: 'detail.item_id',
        message: `The item "${item.name}" is a ${item.type}, not a ${watch.type}`,
      });
    }
  }
  return problems;
}

/** The names a notification shows: the watched section, additional score or item (null when not watched). */
export function watchNames(watch: AlertWatch, grid: Grid) {
  return {
    section_name: grid.sections.find((section) => section.id === watch.section_id)?.name ?? null,
    score_name: grid.additional_scores.find((score) => score.id === watch.score_id)?.name ?? null,
    item_name: gridItems(grid).find((item) => item.id === watch.item_id)?.name ?? null,
  };
}

/** The evaluation's score for what the watch watches, 0–100; null when there is none (N/A, unanswered). */
export function watchedScore(watch: AlertWatch, scores: EvaluationScoresRead): number | null {
  switch (watch.type) {
    case 'main_score':
      return scores.main_score;
    case 'section_score':
      return scores.section_scores.find((section) => section.section_id === watch.section_id)?.score ?? null;
    case 'additional_score':
      return scores.additional_scores.find((score) => score.id === watch.score_id)?.score ?? null;
    default:
      return scores.items.find((item) => item.item_id === watch.item_id)?.score ?? null;
  }
}

/** Scores are compared at two decimals, as people read and type them (66.666… equals 66.67). */
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

export function meetsThreshold(operator: AlertWatch['operator'], value: number, threshold: number): boolean {
  const score = twoDecimals(value);
  const limit = twoDecimals(threshold);
  switch (operator) {
    case 'gt':
      return score > limit;
    case 'gte':
      return score >= limit;
    case 'lt':
      return score < limit;
    case 'lte':
      return score <= limit;
    case 'eq':
      return score === limit;
  }
}

/**
 * Whether the evaluation, made with `grid`, sets the alert off: the watched element is in that grid with the
 * watched type, it has a score, and the score meets the threshold.
 */
export function alertMatches(watch: AlertWatch, grid: Grid, scores: EvaluationScoresRead): boolean {
  if (watchProblems(watch, grid).length > 0) return false;
  const value = watchedScore(watch, scores);
  return value !== null && meetsThreshold(watch.operator, value, watch.score);
}
