// What an alert can watch in its campaign's current grid: the grid element each detail type refers to, the
// elements on offer for a type, and the name of the one an alert watches.
import type { AlertDetailType, AlertWatch } from '../../../../contract/alerts';
import type { EvaluationGrid, EvaluationLevel } from '../../../../contract/evaluation-grids';

/** The field of the watch that names its grid element. */
export type WatchReference = 'section_id' | 'score_id' | 'item_id';

/** The reference a detail type needs, or null for the main score, which needs none. */
export function referenceOf(type: AlertDetailType): WatchReference | null {
  if (type === 'main_score') return null;
  if (type === 'section_score') return 'section_id';
  if (type === 'additional_score') return 'score_id';
  return 'item_id';
}

/** A grid element an alert can watch; items also name their section, and multiple-levels items their levels. */
export interface WatchTarget {
  id: string;
  name: string;
  section?: string;
  levels?: EvaluationLevel[];
}

/** The elements of the grid an alert of `type` can watch, in the grid's order (none for the main score). */
export function watchTargets(grid: EvaluationGrid, type: AlertDetailType): WatchTarget[] {
  if (type === 'main_score') return [];
  if (type === 'section_score') return grid.sections.map(({ id, name }) => ({ id, name }));
  if (type === 'additional_score') return grid.additional_scores.map(({ id, name }) => ({ id, name }));
  return grid.sections.flatMap((section) =>
    section.items.flatMap((item) =>
      item.type !== type
        ? []
        : [
            {
              id: item.id,
              name: item.name,
              section: section.name,
              ...(item.type === 'multiple_levels_item' ? { levels: item.levels } : {}),
            },
          ],
    ),
  );
}

/** The id of the element a watch names ('' for the main score). */
export const watchedId = (watch: AlertWatch): string => {
  const reference = referenceOf(watch.type);
  return (reference && watch[reference]) ?? '';
};

/**
 * The name of what the watch looks at in the current grid: null for the main score (it has no name), undefined
 * when the element is no longer in the grid (or is now an item of another type).
 */
export function watchedName(grid: EvaluationGrid, watch: AlertWatch): string | null | undefined {
  if (watch.type === 'main_score') return null;
  return watchTargets(grid, watch.type).find((target) => target.id === watchedId(watch))?.name;
}
