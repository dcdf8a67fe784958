// Measures every dashboard graph over HTTP (GET /api/dashboards/graphs/…, the real app in a process of its own) on
// PostgreSQL with many conversations in one campaign, for three ranges: the last 30 days, the last year, and one
// agent's year (the agent reading their own work). Each range ends at half past an hour, the worst case of the
// hourly rollups (decision 0194: half an hour of conversations counted at each edge; none when the edges are on
// the hour, as a day in a whole-hour time zone is). Prints p50/p95 over HTTP beside the bare query (the store's
// function called in this process) and the load average; then, with BENCH_ROLLUP_COST=1, what keeping the rollups
// current costs per evaluation written (rolled back, so the database stays as seeded). Asserts nothing.
//
// The seeded database is kept between runs: BENCH_DASHBOARDS_DB names it (default qm_bench_dashboards_<count>) on
// the server of DATABASE_URL; it is created, migrated and seeded (minutes at 1M) when missing or short of
// conversations, reused otherwise (migrations applied). BENCH_SOURCE=<another checkout> serves that checkout's
// app on the same database (e.g. main, to compare before and after back to back).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboards.ts [conversations] [runs]
// (BENCH_GRAPHS=kpis,score/evolution measures only those graphs)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { defaultAgentsLimit } from '../contract/dashboard-graphs';
import { findPhasesAverageDuration } from '../server/conversation-phases/store';
import {
  findAgentsPerformance,
  findTopicsAnalysis,
  findTypeProportion,
} from '../server/dashboards/graphs/breakdown-store';
import { findCustomAnalysisDetails } from '../server/dashboards/graphs/custom-analyses-store';
import { findItemDetails } from '../server/dashboards/graphs/item-details-store';
import { findKpis } from '../server/dashboards/graphs/kpis-store';
import { findScoreDistribution, findScoreEvolution } from '../server/dashboards/graphs/score-store';
import type { GraphScope } from '../server/dashboards/graphs/scope-store';
import { openDatabase, type Database } from '../server/db/client';
import { conversations } from '../server/db/schema';
import { demoCampaigns, demoUsers, seedDemoData } from '../server/demo/data';
import { isMainModule, type BudgetFigure, type MeasureBudget } from './budget-figure';
import { measureRollupCost } from './dashboard-rollup-cost';
import { medianAndP95, wholeCampaign } from './graph-bench';
import { seedConversations, seedEvaluations, seedPhases } from './seed-conversations';

const campaignId = demoCampaigns.customerCare.id;
const hour = 60 * 60;
const day = 24 * hour;
const goalMs = 100;

/** Each graph: its path under /api/dashboards/graphs/, and the store's function its route calls. */
const allGraphs: [string, (db: Database, scope: GraphScope) => Promise<unknown>][] = [
  ['kpis', findKpis],
  ['score/evolution', (db, scope) => findScoreEvolution(db, scope, undefined)],
  ['score/distribution', findScoreDistribution],
  [
    'agents/performance',
    (db, scope) => findAgentsPerformance(db, scope, { ascending: false, limit: defaultAgentsLimit }),
  ],
  ['type-proportion', findTypeProportion],
  ['topics/analysis', findTopicsAnalysis],
  ['evaluations/items/details', findItemDetails],
  ['phases/average-duration', findPhasesAverageDuration],
  ['custom-analyses/details', findCustomAnalysisDetails],
];

/** The ranges measured, ending at half past the current hour; `agent` reads with the agent's token. */
function rangesAt(now: number) {
  const end = Math.floor(now / hour) * hour + hour / 2;
  return [
    { label: 'last 30 days', start: end - 30 * day, end, agent: false },
    { label: 'last year', start: end - 365 * day, end, agent: false },
    { label: "one agent's year", start: end - 365 * day, end, agent: true },
  ];
}

/** Two topics in three conversations, one of four topics each, a fifth topic added to one in five. */
async function seedTopics(db: Database) {
  await db.execute(sql`
    update conversations set topics = case
      when abs(hashtext(id::text)) % 3 = 0 then '[]'::jsonb
      else jsonb_build_array((array['billing', 'delivery', 'refund', 'account'])[1 + abs(hashtext(id::text)) % 4])
        || case when abs(hashtext(id::text)) % 5 = 0 then '["complaint"]'::jsonb else '[]'::jsonb end
    end
    where campaign_id = ${campaignId}::uuid`);
}

/** The seeded database's URL: created, migrated and seeded with `count` conversations unless it already has them. */
async function seededDatabase(adminUrl: string, count: number): Promise<string> {
  const name = process.env.BENCH_DASHBOARDS_DB ?? `qm_bench_dashboards_${count}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (exists) {
      const database = await openDatabase({ databaseUrl: url.href });
      try {
        await database.migrate();
        const [row] = await database.db
          .select({ count: sql<number>`count(*)::int` })
          .from(conversations)
          .where(eq(conversations.campaignId, campaignId));
        if ((row?.count ?? 0) >= count) {
          console.log(`Reusing ${name} (${row?.count} conversations)`);
          return url.href;
        }
      } finally {
        await database.close();
      }
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: url.href });
  try {
    const seeding = performance.now();
    await database.migrate();
    const { db } = database;
    await seedDemoData(db);
    await seedConversations(db, { campaignId, agentIds: [demoUsers.agent.id, demoUsers.agent2.id], count });
    await seedTopics(db);
    await seedEvaluations(db, { campaignId, validatorId: demoUsers.supervisor.id });
    await seedPhases(db, campaignId);
    // Index-only scans of the edges need the visibility map that a vacuum (autovacuum, in use) sets.
    await db.execute(sql`vacuum (analyze)`);
    console.log(
      `Seeded ${name}: ${count} conversations in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
    );
  } finally {
    await database.close();
  }
  return url.href;
}

/** The app serving the seeded database in a process of its own, until `stop`. */
async function startServer(databaseUrl: string) {
  // Node itself with tsx's loader (not npx, which would not pass SIGTERM on to the server).
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/dashboards-server.ts'], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  const { port, tokens } = JSON.parse(line) as {
    port: number;
    tokens: { supervisor: string; agent: string };
  };
  return {
    port,
    tokens,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

type GraphTiming = {
  range: string;
  graph: string;
  http: { p50: number; p95: number };
  bare: { p50: number };
};

/** Every graph on every range, over HTTP and bare. */
async function measureGraphs(count: number, runs: number): Promise<GraphTiming[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('The dashboards bench runs on PostgreSQL: set DATABASE_URL');
  const databaseUrl = await seededDatabase(adminUrl, count);
  const only = process.env.BENCH_GRAPHS?.split(',');
  const graphs = allGraphs.filter(([name]) => !only || only.includes(name));
  const server = await startServer(databaseUrl);
  const database = await openDatabase({ databaseUrl });
  const timings: GraphTiming[] = [];
  const ranges = rangesAt(Date.now() / 1000);
  const urlOf = (range: (typeof ranges)[number], graph: string) =>
    `http://127.0.0.1:${server.port}/api/dashboards/graphs/${graph}?campaigns=${campaignId}&startTs=${range.start}&endTs=${range.end}`;
  const get = async (url: string, token: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    await response.arrayBuffer();
  };
  try {
    // Every graph once on every range first: the new server's code, pool and plans warmed, as a server in use has them.
    for (const range of ranges) {
      for (const [graph] of graphs) {
        await get(urlOf(range, graph), range.agent ? server.tokens.agent : server.tokens.supervisor);
      }
    }
    for (const range of ranges) {
      const scope: GraphScope = {
        ...wholeCampaign(campaignId),
        start: range.start,
        end: range.end,
        onlyAgent: range.agent ? demoUsers.agent.id : null,
      };
      const token = range.agent ? server.tokens.agent : server.tokens.supervisor;
      for (const [graph, find] of graphs) {
        const url = urlOf(range, graph);
        const http = await medianAndP95(runs, () => get(url, token), 1);
        const bare = await medianAndP95(runs, () => find(database.db, scope), 1);
        timings.push({ range: range.label, graph, http, bare });
      }
    }
    if (process.env.BENCH_ROLLUP_COST === '1') await measureRollupCost(database.db, 500);
  } finally {
    await database.close();
    await server.stop();
  }
  return timings;
}

/** The budget's figures: each range's KPIs and slowest graph, p95 over HTTP at 1M on PostgreSQL. */
export const measureBudget: MeasureBudget = async () => {
  const timings = await measureGraphs(1_000_000, 20);
  const figures: BudgetFigure[] = [];
  for (const range of [...new Set(timings.map((timing) => timing.range))]) {
    const own = timings.filter((timing) => timing.range === range);
    const kpis = own.find((timing) => timing.graph === 'kpis');
    const slowest = own.reduce((worst, timing) => (timing.http.p95 > worst.http.p95 ? timing : worst));
    if (kpis) {
      figures.push({
        name: `Dashboard KPIs p95 over HTTP, ${range} (PostgreSQL, 1M)`,
        value: kpis.http.p95,
        unit: 'ms',
        goal: goalMs,
        bound: 'at most',
      });
    }
    figures.push({
      name: `Dashboard slowest graph p95 over HTTP (${slowest.graph}), ${range} (PostgreSQL, 1M)`,
      value: slowest.http.p95,
      unit: 'ms',
      goal: goalMs,
      bound: 'at most',
    });
  }
  return figures;
};

async function main() {
  const count = Number(process.argv[2] ?? 1_000_000);
  const runs = Number(process.argv[3] ?? 30);
  console.log(`Dashboard graphs over HTTP at ${count} conversations; load average ${loadavg().join(' ')}`);
  const timings = await measureGraphs(count, runs);
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  let range = '';
  for (const timing of timings) {
    if (timing.range !== range) {
      range = timing.range;
      console.log(`  ${range}:`);
    }
    const mark = timing.http.p95 > goalMs ? '  over the goal' : '';
    console.log(
      `    ${timing.graph.padEnd(26)} HTTP p50 ${ms(timing.http.p50)} p95 ${ms(timing.http.p95)}   bare p50 ${ms(timing.bare.p50)}${mark}`,
    );
  }
  console.log(`load average ${loadavg().join(' ')}`);
}

if (isMainModule(import.meta.url)) await main();
