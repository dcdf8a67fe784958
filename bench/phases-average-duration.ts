// Measures the phases' average durations query (`findPhasesAverageDuration`, what GET /dashboards/graphs/phases/
// average-duration runs) at many conversations in one campaign: conversations seeded by SQL (bench/seed-
// conversations), each given the greeting and, four times in five each, four more phases with turn counts and
// durations. Prints the EXPLAIN once, then p50/p95 over the runs for the whole campaign, its last 90 days and one
// agent, on PGlite and, when DATABASE_URL is set, on PostgreSQL. Asserts nothing; numbers are noisy on a shared
// machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/phases-average-duration.ts [conversations] [runs]
// (BENCH_SKIP_PGLITE=1 measures PostgreSQL alone)
import { loadavg } from 'node:os';
import type { GraphScope } from '../server/dashboards/graphs/scope-store';
import { findPhasesAverageDuration, phasesAverageDurationQuery } from '../server/conversation-phases/store';
import type { DatabaseHandle } from '../server/db/client';
import { demoCampaigns, demoUsers } from '../server/demo/data';
import { onEachDatabase, printExplain, timeRuns, wholeCampaign } from './graph-bench';
import { seedPhases } from './seed-conversations';

const conversationCount = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 20);
const campaignId = demoCampaigns.customerCare.id;

console.log(
  `Phases' average durations at ${conversationCount} conversations; load average ${loadavg().join(' ')}`,
);
const seeded = {
  campaignId,
  agentIds: [demoUsers.agent.id, demoUsers.agent2.id],
  count: conversationCount,
  addResults: (database: DatabaseHandle) => seedPhases(database.db, campaignId),
};
await onEachDatabase(seeded, async (database) => {
  const whole = wholeCampaign(campaignId);
  await printExplain(
    database,
    'the per-phase query (whole campaign)',
    phasesAverageDurationQuery(database.db, whole),
  );
  const scopes: [string, GraphScope][] = [
    ['whole campaign', whole],
    ['last 90 days', { ...whole, start: Math.floor(Date.now() / 1000) - 90 * 24 * 3600 }],
    ['one agent', { ...whole, onlyAgent: demoUsers.agent.id }],
  ];
  for (const [label, scope] of scopes) {
    const { conversations } = await findPhasesAverageDuration(database.db, scope);
    const times = await timeRuns(runs, () => findPhasesAverageDuration(database.db, scope));
    console.log(`  ${label}: ${times} (${conversations} conversations, ${runs} runs)`);
  }
});
console.log(`\nload average ${loadavg().join(' ')}`);
