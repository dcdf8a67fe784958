// Measures the dashboards' graph queries (what GET /dashboards/graphs/{kpis, score/evolution, score/distribution,
// agents/performance, type-proportion, topics/analysis, evaluations/items/details, phases/average-duration} run
// once access is checked) at many conversations in one campaign: conversations seeded by SQL
// (bench/seed-conversations) with topics and phases, nine in ten with a finished evaluation (two items answered),
// then vacuumed and analysed as autovacuum would leave them. Prints p50/p95/p99 per graph for the home's default
// range (the last 30 days), a year, and one agent's year, on PGlite and, when DATABASE_URL is set, on PostgreSQL (a
// database of its own, dropped after), then what keeping the daily rollups current costs per evaluation written.
// With no topic or metadata filter (as here) every graph reads the rollups (migrations 0022, 0025) for whole days
// and the conversations for the partial days at the range's edges. Asserts nothing; numbers are noisy on a shared
// machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/dashboards.ts [conversations] [runs]
// (BENCH_SKIP_PGLITE=1 measures PostgreSQL alone; BENCH_GRAPHS=kpis,score/evolution measures only those graphs)
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { defaultAgentsLimit } from '../contract/dashboard-graphs';
import {
  findAgentsPerformance,
  findTopicsAnalysis,
  findTypeProportion,
} from '../server/dashboards/graphs/breakdown-store';
import { findItemDetails } from '../server/dashboards/graphs/item-details-store';
import { findKpis } from '../server/dashboards/graphs/kpis-store';
import { findScoreDistribution, findScoreEvolution } from '../server/dashboards/graphs/score-store';
import { findPhasesAverageDuration } from '../server/conversation-phases/store';
import type { GraphScope } from '../server/dashboards/graphs/scope-store';
import type { Database } from '../server/db/client';
import { demoCampaigns, demoUsers } from '../server/demo/data';
import { measureRollupCost } from './dashboard-rollup-cost';
import { onEachDatabase, timeRuns, wholeCampaign } from './graph-bench';
import { seedEvaluations, seedPhases } from './seed-conversations';

const conversationCount = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 20);
const rollupCostEvaluations = 500;
const campaignId = demoCampaigns.customerCare.id;
const day = 24 * 60 * 60;

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
];

const only = process.env.BENCH_GRAPHS?.split(',');
const graphs = allGraphs.filter(([name]) => !only || only.includes(name));

async function measure(label: string, db: Database, scope: GraphScope) {
  console.log(`  ${label}:`);
  for (const [name, find] of graphs) {
    await find(db, scope); // warms the caches and the plans, as any request after the first finds them
    const figures = await timeRuns(runs, () => find(db, scope), [50, 95, 99]);
    console.log(`    ${name.padEnd(26)} ${figures}`);
  }
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
  await db.execute(sql`analyze conversations`);
}

const seeded = {
  campaignId,
  agentIds: [demoUsers.agent.id, demoUsers.agent2.id],
  count: conversationCount,
  addResults: async ({ db }: { db: Database }) => {
    await seedTopics(db);
    await seedEvaluations(db, { campaignId, validatorId: demoUsers.supervisor.id });
    await seedPhases(db, campaignId);
    // Index-only scans of the edge days need the visibility map that a vacuum (autovacuum, in use) sets.
    await db.execute(sql`vacuum (analyze) conversations, evaluations`);
  },
};

console.log(`Dashboard graphs at ${conversationCount} conversations; load average ${loadavg().join(' ')}`);
await onEachDatabase(seeded, async ({ db }) => {
  const now = Math.floor(Date.now() / 1000);
  const lastMonth: GraphScope = { ...wholeCampaign(campaignId), start: now - 30 * day, end: now };
  await measure('last 30 days', db, lastMonth);
  await measure('last year', db, { ...lastMonth, start: now - 365 * day });
  await measure("one agent's year", db, {
    ...lastMonth,
    start: now - 365 * day,
    onlyAgent: demoUsers.agent.id,
  });
  await measureRollupCost(db, rollupCostEvaluations);
});
console.log(`\nload average ${loadavg().join(' ')}`);
