// The validation statistics as the page shows them: the server's cells (item × language × engine × week) kept to
// the chosen language, engine and weeks, then summed per item and per week. The agreement rate is over the answers
// the engine gave (agreed + changed); answers it left to people are counted apart.
import type { Language } from '../../../../contract/enums';
import type { EvaluationEngineName } from '../../../../contract/evaluations';
import type { ValidationStats, ValidationStatsCell } from '../../../../contract/validation-stats';

export interface ValidationFilters {
  language: Language | 'all';
  engine: EvaluationEngineName | 'all';
  /** Mondays (`YYYY-MM-DD`), inclusive; null: open. */
  fromWeek: string | null;
  toWeek: string | null;
}

export const noValidationFilters: ValidationFilters = {
  language: 'all',
  engine: 'all',
  fromWeek: null,
  toWeek: null,
};

export interface Counts {
  agreed: number;
  changed: number;
  unanswered: number;
}

/** Agreed out of compared (0–1), or null when the engine answered nothing to compare. */
export const agreementRate = ({ agreed, changed }: Counts): number | null =>
  agreed + changed === 0 ? null : agreed / (agreed + changed);

const zero = (): Counts => ({ agreed: 0, changed: 0, unanswered: 0 });
const add = (sum: Counts, cell: Counts) => {
  sum.agreed += cell.agreed;
  sum.changed += cell.changed;
  sum.unanswered += cell.unanswered;
};

/** The weeks the statistics hold, oldest first. */
export const weeksOf = (cells: readonly ValidationStatsCell[]) =>
  [...new Set(cells.map((cell) => cell.week))].sort();

export function filterCells(cells: readonly ValidationStatsCell[], filters: ValidationFilters) {
  return cells.filter(
    (cell) =>
      (filters.language === 'all' || cell.language === filters.language) &&
      (filters.engine === 'all' || cell.engine === filters.engine) &&
      (filters.fromWeek === null || cell.week >= filters.fromWeek) &&
      (filters.toWeek === null || cell.week <= filters.toWeek),
  );
}

export type ItemFigures = ValidationStats['items'][number] & Counts & { rate: number | null };

/** Each item of the grid with its counts (zero when none of its answers is in the cells), in grid order. */
export function figuresPerItem(
  items: ValidationStats['items'],
  cells: readonly ValidationStatsCell[],
): ItemFigures[] {
  const sums = new Map(items.map((item) => [item.id, zero()]));
  for (const cell of cells) {
    const sum = sums.get(cell.item_id);
    if (sum) add(sum, cell);
  }
  return items.map((item) => {
    const counts = sums.get(item.id) ?? zero();
    return { ...item, ...counts, rate: agreementRate(counts) };
  });
}

export interface WeekFigures extends Counts {
  week: string;
  rate: number | null;
}

/** Every item's counts summed per week, oldest first. */
export function figuresPerWeek(cells: readonly ValidationStatsCell[]): WeekFigures[] {
  const sums = new Map<string, Counts>();
  for (const cell of cells) {
    const sum = sums.get(cell.week) ?? zero();
    add(sum, cell);
    sums.set(cell.week, sum);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([week, counts]) => ({ week, ...counts, rate: agreementRate(counts) }));
}

/** All counts summed. */
export function totalOf(cells: readonly Counts[]): Counts & { rate: number | null } {
  const sum = zero();
  for (const cell of cells) add(sum, cell);
  return { ...sum, rate: agreementRate(sum) };
}
