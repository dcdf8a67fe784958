// Measures the validation statistics query (`findValidationStats`, what GET /dashboards/graphs/evaluations/items/
// validation-stats runs) at many evaluations in one campaign: conversations seeded by SQL (bench/seed-conversations),
// each with a finished evaluation of the Customer Care grid's items (about a third validated, a tenth of the
// answers a person's, a tenth made by the llm engine). Prints the EXPLAIN once, then p50/p95 over the runs for the
// whole campaign and for its last 90 days, on PGlite and, when DATABASE_URL is set, on PostgreSQL (a database of its
// own, dropped after). Asserts nothing; numbers are noisy on a shared machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/validation-stats.ts [evaluations] [runs]
// (BENCH_SKIP_PGLITE=1 measures PostgreSQL alone)
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import {
  findValidationStats,
  validationCellsQuery,
  type ValidationStatsQuery,
} from '../server/validation-stats/store';
import type { DatabaseHandle } from '../server/db/client';
import { demoCampaigns, demoUsers } from '../server/demo/data';
import { customerCareGrid, customerCareGridId } from '../server/demo/grids';
import { onEachDatabase, printExplain, timeRuns, wholeCampaign } from './graph-bench';

const evaluationCount = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 30);
const campaignId = demoCampaigns.customerCare.id;
const itemIds = customerCareGrid.sections.flatMap((section) => section.items.map((item) => item.id));

async function seedEvaluations(database: DatabaseHandle) {
  const ids = sql.raw(`array[${itemIds.map((id) => `'${id}'`).join(', ')}]::text[]`);
  await database.db.execute(sql`
    insert into evaluations (conversation_id, grid_id, grid_version, engine, status, items, engine_values,
      validated, validated_by, validated_at, main_score)
    select c.id, ${customerCareGridId}::uuid, 1, case when random() < 0.1 then 'llm' else 'rules' end, 'done',
      answers.items, answers.engine_values, v.validated,
      case when v.validated then ${demoUsers.supervisor.id}::uuid end, case when v.validated then now() end,
      random() * 100
    from conversations c
    cross join lateral (select random() < 0.34 as validated where c.id is not null) as v
    cross join lateral (
      select jsonb_agg(jsonb_build_object('item_id', id, 'value', case when random() < 0.7 then 'yes' else 'no' end,
          'source', case when random() < 0.1 then 'human' else 'ai' end)) as items,
        jsonb_object_agg(id, case when random() < 0.5 then 'yes' else 'no' end) as engine_values
      from unnest(${ids}) as id where c.id is not null
    ) as answers
    where c.campaign_id = ${campaignId}::uuid`);
  await database.db.execute(sql`analyze evaluations`);
}

async function measure(label: string, database: DatabaseHandle, query: ValidationStatsQuery) {
  const { cells, conversations } = await findValidationStats(database.db, query);
  const figures = await timeRuns(runs, () => findValidationStats(database.db, query));
  console.log(
    `  ${label}: ${figures} (${conversations} validated conversations, ${cells.length} cells, ${runs} runs)`,
  );
}

console.log(`Validation statistics at ${evaluationCount} evaluations; load average ${loadavg().join(' ')}`);
const seeded = {
  campaignId,
  agentIds: [demoUsers.agent.id, demoUsers.agent2.id],
  count: evaluationCount,
  addResults: seedEvaluations,
};
await onEachDatabase(seeded, async (database) => {
  const whole = wholeCampaign(campaignId);
  await printExplain(database, 'the cells query (whole campaign)', validationCellsQuery(database.db, whole));
  await measure('whole campaign', database, whole);
  await measure('last 90 days', database, {
    ...whole,
    start: Math.floor(Date.now() / 1000) - 90 * 24 * 3600,
  });
  await measure('one agent', database, { ...whole, onlyAgent: demoUsers.agent.id });
});
console.log(`\nload average ${loadavg().join(' ')}`);
