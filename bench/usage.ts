// Measures the organisation usage at many events, on PGlite and, when DATABASE_URL is set, on PostgreSQL (a
// database of its own, dropped after): the demo data, 20 campaigns and EVENTS usage events (default 1M) over a year
// seeded by SQL (every kind, 5 % of test calls), then
// - the report (`sumUsage` and its presentation, what `GET /organisations/{id}/usage` runs): the year by day, week
//   and month, a quarter, and one campaign's year, p50/p95, with the EXPLAIN of the year by day;
// - the export of the year's events as CSV and XLSX, written to nowhere: rows/s and the process's peak RSS (the
//   PGlite worker thread included).
// - the cost of the daily rollup's trigger: single-event inserts (`recordUsage`) timed with the trigger and without.
// Prints figures and the load average; asserts nothing. Numbers are noisy on a shared machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/usage.ts [events] [runs]
// (BENCH_SKIP_PGLITE=1 measures PostgreSQL alone, BENCH_SKIP_EXPORT=1 leaves the export out.)
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type { UsageGrouping } from '../contract/usage';
import { csvExport } from '../server/files/csv';
import { xlsxExport } from '../server/files/xlsx';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { demoOrganisation, seedDemoData } from '../server/demo/data';
import { newId } from '../server/db/ids';
import { campaigns } from '../server/db/schema';
import { usageExportColumns } from '../server/usage/export-columns';
import { usageEventBatches } from '../server/usage/export-store';
import { toOrganisationUsage } from '../server/usage/present';
import { recordUsage } from '../server/usage/store';
import { campaignNames, sumUsage, usageSumsQuery, type UsageFilter } from '../server/usage/report-store';
import { withBenchDatabase } from './bench-database';
import { printExplain, timeRuns } from './graph-bench';

const eventCount = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 20);
const campaignCount = 20;
const daySeconds = 86_400;

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/**
 * 20 campaigns, then the events spread over the year before now: kinds in turn, campaigns and test calls (one in
 * 20) independent of the kind, so that each day holds every campaign, kind and test flag (the rollup's worst case:
 * about 200 rows a day).
 */
async function seedUsage(database: DatabaseHandle): Promise<string[]> {
  const ids = Array.from({ length: campaignCount }, () => newId());
  await database.db
    .insert(campaigns)
    .values(
      ids.map((id, index) => ({ id, organisationId: demoOrganisation.id, name: `Usage bench ${index + 1}` })),
    );
  const campaignArray = sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`);
  const batch = 100_000;
  for (let from = 1; from <= eventCount; from += batch) {
    const to = Math.min(eventCount, from + batch - 1);
    await database.db.execute(sql`
      insert into usage_events
        (id, organisation_id, campaign_id, kind, feature, engine, model, quantity, unit, tokens_in, tokens_out,
         test, created_at)
      select gen_random_uuid(), ${demoOrganisation.id}, (${campaignArray})[1 + (i / 5) % ${campaignCount}],
        (array['conversation','transcription','evaluation','llm_call','translation'])[1 + i % 5],
        (array['ingestion','transcription','evaluation','analysis','translation'])[1 + i % 5],
        (array['text','local','rules','llm','llm'])[1 + i % 5],
        (array[null,'tiny',null,'analyst','translator'])[1 + i % 5],
        (array[1, 95.5, 1, 1, 1800])[1 + i % 5],
        (array['conversation','second','evaluation','call','character'])[1 + i % 5],
        case when i % 5 = 3 then 1200 else 0 end, case when i % 5 = 3 then 150 else 0 end,
        (i / 101) % 20 = 0, now() - ((i / 7) % 365) * interval '1 day' - (i % ${daySeconds}) * interval '1 second'
      from generate_series(${from}::int, ${to}::int) as i
    `);
  }
  // As autovacuum would leave them: the rollup's rows were updated at every batch.
  await database.db.execute(sql`vacuum (analyze) usage_events, usage_daily`);
  return ids;
}

/** `count` single-event inserts, as an ingestion writes them, timed: p50/p95 per insert. */
async function timeInserts(database: DatabaseHandle, campaignId: string, count: number) {
  return timeRuns(count, () =>
    recordUsage(database.db, [
      {
        organisationId: demoOrganisation.id,
        campaignId,
        conversationId: null,
        kind: 'llm_call',
        feature: 'analysis',
        engine: 'llm',
        model: 'analyst',
        quantity: 1,
        tokensIn: 1200,
        tokensOut: 150,
      },
    ]),
  );
}

/** The rollup trigger's cost per inserted event: inserts timed with the trigger, then without it. */
async function timeTrigger(database: DatabaseHandle, campaignId: string) {
  const count = 300;
  const trigger = sql`alter table usage_events`;
  console.log(
    `  insert of one event, with the rollup trigger: ${await timeInserts(database, campaignId, count)}`,
  );
  await database.db.execute(sql`${trigger} disable trigger usage_events_daily_inserted`);
  console.log(
    `  insert of one event, without the trigger: ${await timeInserts(database, campaignId, count)}`,
  );
  await database.db.execute(sql`${trigger} enable trigger usage_events_daily_inserted`);
}

async function report(database: DatabaseHandle, filter: UsageFilter, groupBy: UsageGrouping) {
  const sums = await sumUsage(database.db, filter, groupBy);
  const ids = [...new Set(sums.flatMap((sum) => (sum.campaignId ? [sum.campaignId] : [])))];
  return toOrganisationUsage(sums, groupBy, await campaignNames(database.db, ids));
}

/** Streams the export of every event to nowhere, sampling the process's memory: rows/s and the peak RSS. */
async function timeExport(name: string, build: () => Readable) {
  const rows = eventCount;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  let bytes = 0;
  const started = performance.now();
  await pipeline(
    build(),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    `  export ${name}: ${rows} rows in ${seconds.toFixed(1)} s, ${Math.round(rows / seconds)} rows/s, ` +
      `${(bytes / 2 ** 20).toFixed(0)} MB, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB`,
  );
}

async function bench(kind: string, databaseUrl: string | undefined) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-usage-'));
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const seeding = performance.now();
    const campaignIds = await seedUsage(database);
    console.log(
      `\n${kind}: ${eventCount} usage events seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const now = Math.floor(Date.now() / 1000);
    const year: UsageFilter = {
      organisationId: demoOrganisation.id,
      start: now - 366 * daySeconds,
      end: now,
    };
    const quarter: UsageFilter = { ...year, start: now - 92 * daySeconds };
    const oneCampaign: UsageFilter = { ...year, campaignIds: campaignIds.slice(0, 1) };
    const check = await report(database, year, 'month');
    console.log(
      `  the year's totals: ${JSON.stringify(check.totals)} (test: ${check.test_totals.evaluations} evaluations)`,
    );
    for (const [label, filter, groupBy] of [
      ['the year by day', year, 'day'],
      ['the year by week', year, 'week'],
      ['the year by month', year, 'month'],
      ['a quarter by day', quarter, 'day'],
      ["one campaign's year by week", oneCampaign, 'week'],
    ] as const) {
      console.log(
        `  report, ${label}: ${await timeRuns(runs, () => report(database, filter, groupBy))}; ${load()}`,
      );
    }
    // With the report's own work_mem (`sumUsage` sets it for its transaction).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      await printExplain({ ...database, db: tx }, 'the report, the year by day', usageSumsQuery(year, 'day'));
    });
    await timeTrigger(database, campaignIds[0]!);
    if (process.env.BENCH_SKIP_EXPORT === '1') return;
    await timeExport('CSV', () => csvExport(usageExportColumns, usageEventBatches(database.db, year)));
    await timeExport('XLSX', () =>
      xlsxExport(usageExportColumns, usageEventBatches(database.db, year), 'Usage'),
    );
    console.log(`  ${load()}`);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_SKIP_PGLITE !== '1') await bench('PGlite', undefined);
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) await withBenchDatabase(adminUrl, (url) => bench('PostgreSQL', url));
