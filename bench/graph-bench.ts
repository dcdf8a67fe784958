// What a dashboard graph's benchmark needs: a database of its own seeded with the demo data and many conversations
// of one campaign (PGlite in a temporary folder, or PostgreSQL in a database dropped after), the graph scope of
// that whole campaign, a query's EXPLAIN, and the percentiles of a run repeated.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { wholeCampaigns, type GraphScope } from '../server/dashboards/graphs/scope-store';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { seedDemoData } from '../server/demo/data';
import { withBenchDatabase } from './bench-database';
import { seedConversations } from './seed-conversations';

export interface SeededCampaign {
  campaignId: string;
  agentIds: readonly string[];
  count: number;
  /** What the benchmark adds to the seeded conversations (its graph's results). */
  addResults: (database: DatabaseHandle) => Promise<void>;
}

async function onSeededDatabase(
  kind: string,
  databaseUrl: string | undefined,
  seeded: SeededCampaign,
  use: (database: DatabaseHandle) => Promise<void>,
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-graph-'));
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const seeding = performance.now();
    await seedConversations(database.db, seeded);
    await seeded.addResults(database);
    const seconds = ((performance.now() - seeding) / 1000).toFixed(1);
    console.log(`\n${kind}: ${seeded.count} conversations seeded in ${seconds} s`);
    await use(database);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs `use` on PGlite (unless BENCH_SKIP_PGLITE=1) and, when DATABASE_URL is set, on PostgreSQL. */
export async function onEachDatabase(
  seeded: SeededCampaign,
  use: (database: DatabaseHandle) => Promise<void>,
) {
  if (process.env.BENCH_SKIP_PGLITE !== '1') await onSeededDatabase('PGlite', undefined, seeded, use);
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) await withBenchDatabase(adminUrl, (url) => onSeededDatabase('PostgreSQL', url, seeded, use));
}

/** Every conversation of the campaign, as a supervisor reads it. */
export const wholeCampaign = (campaignId: string): GraphScope => wholeCampaigns([campaignId]);

export async function printExplain(database: DatabaseHandle, title: string, query: SQLWrapper) {
  const { rows } = (await database.db.execute(
    sql`explain (analyze, buffers, costs off) ${query.getSQL()}`,
  )) as { rows: { 'QUERY PLAN': string }[] };
  console.log(`  EXPLAIN of ${title}:`);
  for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** `run` called `warmups` times unmeasured, then timed `runs` times: its times in milliseconds, sorted. */
async function sortedTimes(runs: number, run: () => Promise<unknown>, warmups = 0): Promise<number[]> {
  for (let index = 0; index < warmups; index++) await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** `run` timed `runs` times; the milliseconds at each of `percentiles` (the median and the 95th by default). */
export async function timeRuns(runs: number, run: () => Promise<unknown>, percentiles = [50, 95]) {
  const times = await sortedTimes(runs, run);
  return percentiles.map((p) => `p${p} ${percentile(times, p).toFixed(1)} ms`).join(', ');
}

/** `run` after `warmups` unmeasured calls, timed `runs` times: its median and 95th percentile in milliseconds. */
export async function medianAndP95(runs: number, run: () => Promise<unknown>, warmups = 0) {
  const times = await sortedTimes(runs, run, warmups);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
