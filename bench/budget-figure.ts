// One figure of the speed budget: what a bench measured, beside the goal it must meet. `bench/budget.ts` runs every
// bench that exports `measureBudget` and prints all their figures in one table.
import { pathToFileURL } from 'node:url';

export interface BudgetFigure {
  /** What was measured, as the table shows it: "List first page, HTTP ÷ bare SQL (PostgreSQL, 1M, 1 client)". */
  name: string;
  value: number;
  /** "ms", "×", "req/s", "KB", "requests", "score", "s"… */
  unit: string;
  goal: number;
  /** "at most": the value must stay at or under the goal; "at least": it must reach it. */
  bound: 'at most' | 'at least';
}

/** What a bench exports for the budget: its figures, measured the way its own command line measures them. */
export type MeasureBudget = () => Promise<BudgetFigure[]>;

export const meetsGoal = (figure: BudgetFigure) =>
  figure.bound === 'at most' ? figure.value <= figure.goal : figure.value >= figure.goal;

/** True when the module at `moduleUrl` is the script Node was started with (not imported by `bench/budget.ts`). */
export const isMainModule = (moduleUrl: string) =>
  process.argv[1] !== undefined && moduleUrl === pathToFileURL(process.argv[1]).href;
