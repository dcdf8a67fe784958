// Every figure of the speed budget against its goal, in one table: each bench below is run in turn (on a quiet
// machine, as each one's own figures are) and prints nothing of its own here. Asserts nothing: a figure over its
// goal is marked, never failed. Run: DATABASE_URL=… npx tsx bench/budget.ts [--only name,name] [--json file]
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { meetsGoal, type BudgetFigure, type MeasureBudget } from './budget-figure';

/** The benches that hold a part of the budget, by the name `--only` takes. */
const benches: Record<string, () => Promise<{ measureBudget: MeasureBudget }>> = {
  'round-trips': () => import('./request-round-trips.ts'),
  search: () => import('./search.ts'),
  'api-overhead': () => import('./api-overhead.ts'),
  'bundle-size': () => import('./bundle-size.ts'),
  lighthouse: () => import('./lighthouse.ts'),
  startup: () => import('./startup.ts'),
  dashboards: () => import('./dashboards.ts'),
};

const option = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const only = option('--only')?.split(',');
const jsonFile = option('--json');

const figures: BudgetFigure[] = [];
for (const [name, load] of Object.entries(benches)) {
  if (only && !only.includes(name)) continue;
  console.error(`Measuring ${name}… (load average ${os.loadavg()[0]?.toFixed(1)})`);
  const { measureBudget } = await load();
  figures.push(...(await measureBudget()));
}

const format = (value: number, unit: string) =>
  `${value.toLocaleString('en', { maximumFractionDigits: value < 10 ? 2 : value < 100 ? 1 : 0 })} ${unit}`;
console.table(
  figures.map((figure) => ({
    figure: figure.name,
    measured: format(figure.value, figure.unit),
    goal: `${figure.bound} ${format(figure.goal, figure.unit)}`,
    met: meetsGoal(figure) ? 'yes' : 'NO',
  })),
);
console.log(
  `Node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`,
);
if (jsonFile) await writeFile(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
