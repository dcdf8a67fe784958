// Measures coaching's figures at many evaluations in one campaign (conversations seeded by SQL over the last year,
// two agents, each with a finished evaluation answering every item of the Customer Care grid, scores at random):
// the suggestions (one items' details query of one agent over 90 days) and a plan's weekly progress on three focus
// items since it started 12, 26 and 52 weeks ago (one items' details query a week). Prints p50/p95 on PGlite and,
// when DATABASE_URL is set, on PostgreSQL. Asserts nothing; numbers are noisy on a shared machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/coaching.ts [evaluations] [runs]
// (BENCH_SKIP_PGLITE=1 measures PostgreSQL alone)
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { planProgress, suggestFocusItems } from '../server/coaching/service';
import { insertPlan, type PlanRecord } from '../server/coaching/store';
import type { DatabaseHandle } from '../server/db/client';
import { demoCampaigns, demoOrganisation, demoUsers } from '../server/demo/data';
import { customerCareGrid, customerCareGridId } from '../server/demo/grids';
import { onEachDatabase, timeRuns } from './graph-bench';

const evaluationCount = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 10);
const campaignId = demoCampaigns.customerCare.id;
const itemIds = customerCareGrid.sections.flatMap((section) => section.items.map((item) => item.id));
const week = 7 * 24 * 3600;

/** A finished evaluation of every seeded conversation: each item yes (100) seven times in ten, else no (0). */
async function seedItemAnswers(database: DatabaseHandle) {
  const ids = sql.raw(`array[${itemIds.map((id) => `'${id}'`).join(', ')}]::text[]`);
  await database.db.execute(sql`
    insert into evaluations (conversation_id, grid_id, grid_version, engine, status, items, main_score)
    select c.id, ${customerCareGridId}::uuid, 1, 'rules', 'done', answers.items, random() * 100
    from conversations c
    cross join lateral (
      select jsonb_agg(jsonb_build_object('item_id', id, 'value', case when s.yes then 'yes' else 'no' end,
          'score', case when s.yes then 100 else 0 end)) as items
      from unnest(${ids}) as id cross join lateral (select random() < 0.7 as yes where c.id is not null) as s
    ) as answers
    where c.campaign_id = ${campaignId}::uuid
    on conflict (conversation_id) do nothing`);
  await database.db.execute(sql`analyze evaluations`);
}

async function planStartedWeeksAgo(database: DatabaseHandle, weeks: number): Promise<PlanRecord> {
  return insertPlan(database.db, {
    organisationId: demoOrganisation.id,
    agentId: demoUsers.agent.id,
    createdBy: demoUsers.supervisor.id,
    title: `Bench ${weeks} weeks`,
    notes: '',
    startedAt: new Date(Date.now() - weeks * week * 1000),
  });
}

console.log(`Coaching figures at ${evaluationCount} evaluations; load average ${loadavg().join(' ')}`);
await onEachDatabase(
  {
    campaignId,
    agentIds: [demoUsers.agent.id, demoUsers.agent2.id],
    count: evaluationCount,
    addResults: seedItemAnswers,
  },
  async (database) => {
    const now = Math.floor(Date.now() / 1000);
    const suggestions = () =>
      suggestFocusItems(database.db, {
        agent_id: demoUsers.agent.id,
        campaign_id: campaignId,
        startTs: now - 90 * 24 * 3600,
        endTs: undefined,
        limit: 5,
      });
    const { items } = await suggestions();
    console.log(`  suggestions over 90 days: ${await timeRuns(runs, suggestions)} (${items.length} items)`);
    const focusItems = itemIds.slice(0, 3).map((itemId) => ({ campaignId, itemId }));
    for (const weeks of [12, 26, 52]) {
      const plan = await planStartedWeeksAgo(database, weeks);
      const progress = () => planProgress(database.db, plan, focusItems, now);
      const { weeks: counted } = await progress();
      console.log(
        `  progress since ${weeks} weeks: ${await timeRuns(runs, progress)} (${counted.length} weeks)`,
      );
    }
  },
);
console.log(`\nload average ${loadavg().join(' ')}`);
