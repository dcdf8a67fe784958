// Measures the validation statistics query (`findValidationStats`, what GET /dashboards/graphs/evaluations/items/
// validation-stats runs) at many evaluations in one campaign: conversations seeded by SQL (bench/seed-conversations),
// each with a finished evaluation of the Customer Care grid's items (about a third validated, a tenth of the
// answers a person's, a tenth made by the llm engine). Prints the EXPLAIN once, then p50/p95 over the runs for the
// whole campaign and for its last 90 days, on PGlite and, when DATABASE_URL is set, on PostgreSQL (a database of its
// own, dropped after). Asserts nothing; numbers are noisy on a shared machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/validation-stats.ts [evaluations] [runs]
// (BENCH_SKIP_PGLITE=1 measures PostgreSQL alone)
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import {
  findValidationStats,
  validationCellsQuery,
  type ValidationStatsQuery,
} from '../server/dashboards/validation-stats-store';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../server/db/demo-data';
import { customerCareGrid, customerCareGridId } from '../server/db/demo-grids';
import { withBenchDatabase } from './bench-database';
import { seedConversations } from './seed-conversations';

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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(label: string, database: DatabaseHandle, query: ValidationStatsQuery) {
  const times: number[] = [];
  let cells = 0;
  let conversations = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const stats = await findValidationStats(database.db, query);
    times.push(performance.now() - started);
    cells = stats.cells.length;
    conversations = stats.conversations;
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms ` +
      `(${conversations} validated conversations, ${cells} cells, ${runs} runs)`,
  );
}

async function bench(kind: string, databaseUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-validation-stats-'));
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const seeding = performance.now();
    await seedConversations(database.db, {
      campaignId,
      agentIds: [demoUsers.agent.id, demoUsers.agent2.id],
      count: evaluationCount,
    });
    await seedEvaluations(database);
    console.log(
      `\n${kind}: ${evaluationCount} evaluations seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const whole: ValidationStatsQuery = {
      campaignIds: [campaignId],
      start: undefined,
      end: undefined,
      agentIds: undefined,
      topics: undefined,
      metadata: [],
      onlyAgent: null,
    };
    const lastQuarter = { ...whole, start: Math.floor(Date.now() / 1000) - 90 * 24 * 3600 };
    const { rows } = (await database.db.execute(
      sql`explain (analyze, buffers, costs off) ${validationCellsQuery(database.db, whole).getSQL()}`,
    )) as { rows: { 'QUERY PLAN': string }[] };
    console.log('  EXPLAIN of the cells query (whole campaign):');
    for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
    await measure('whole campaign', database, whole);
    await measure('last 90 days', database, lastQuarter);
    await measure('one agent', database, { ...whole, onlyAgent: demoUsers.agent.id });
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

console.log(`Validation statistics at ${evaluationCount} evaluations; load average ${loadavg().join(' ')}`);
if (process.env.BENCH_SKIP_PGLITE !== '1') await bench('PGlite', undefined);
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) await withBenchDatabase(adminUrl, (url) => bench('PostgreSQL', url));
console.log(`\nload average ${loadavg().join(' ')}`);
