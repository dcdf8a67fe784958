// What one conversation list request costs the server besides its page: the database round trips (the signed-in
// user and the campaign membership come from the principal cache, decision 0190) and the CPU per request (the
// unfiltered page query prepared once, decision 0191), in process (app.inject) on the demo data. PGlite by default;
// with DATABASE_URL, a PostgreSQL database of its own, dropped after the run.
// Run: [DATABASE_URL=postgres://…] npx tsx bench/request-round-trips.ts [requests, default 1000]
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { conversationListQuery } from '../server/conversations/list-store';
import { openDatabase } from '../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../server/demo/data';
import { conversationCriteria } from '../server/domain/conversation-criteria';
import { countQueries } from '../tests/fixtures/query-count';
import { withBenchDatabase } from './bench-database';
import { isMainModule, type BudgetFigure, type MeasureBudget } from './budget-figure';

interface Measured {
  driver: string;
  roundTrips: Record<string, number>;
  p50Ms: number;
  cpuMicrosPerRequest: number;
  buildMicros: number;
}

const campaign = demoCampaigns.customerCare.id;
const filtered = encodeURIComponent(JSON.stringify({ types: ['call'] }));

async function measure(databaseUrl: string | undefined, requests: number): Promise<Measured> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-round-trips-'));
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    await seedDemoData(database.db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://127.0.0.1',
      QM_ROLE: 'web',
    });
    const app = await buildApp({ config, database });
    const [owner, agent] = await Promise.all([
      app.context.tokens.issue(demoUsers.supervisor.id),
      app.context.tokens.issue(demoUsers.agent.id),
    ]);
    const get = (query: string, token = owner) =>
      app.inject({
        url: `/api/campaigns/${campaign}/conversations?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const first = (await get('limit=1')).json() as { next_start_after: string };
    await get('limit=1', agent);

    const counter = countQueries(database);
    const roundTrips: Record<string, number> = {};
    for (const [name, query, token] of [
      ['first page', 'limit=50', owner],
      ['later page', `limit=50&start_after=${first.next_start_after}`, owner],
      ["an agent's first page", 'limit=50', agent],
      ['filtered page', `limit=50&filters=${filtered}`, owner],
    ] as const) {
      counter.reset();
      await get(query, token);
      roundTrips[name] = counter.statements.length;
    }
    counter.stop();

    for (let warm = 0; warm < 200; warm++) await get('limit=50');
    const durations: number[] = [];
    const cpu = process.cpuUsage();
    for (let request = 0; request < requests; request++) {
      const start = performance.now();
      await get('limit=50');
      durations.push(performance.now() - start);
    }
    const { user, system } = process.cpuUsage(cpu);
    durations.sort((a, b) => a - b);

    // What Drizzle spends building the unfiltered page's SQL when it is not prepared.
    const criteria = conversationCriteria({}, { campaignId: campaign, onlyAgent: null });
    const window = { sort: 'started_at_desc' as const, after: null, limit: 51 };
    const builds = 5_000;
    const buildStart = performance.now();
    for (let build = 0; build < builds; build++) conversationListQuery(database.db, criteria, window).toSQL();
    const buildMicros = ((performance.now() - buildStart) / builds) * 1000;

    await app.close();
    return {
      driver: database.driver,
      roundTrips,
      p50Ms: durations[Math.floor(durations.length / 2)] ?? NaN,
      cpuMicrosPerRequest: (user + system) / requests,
      buildMicros,
    };
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const measureOn = (requests: number) => {
  const url = process.env.DATABASE_URL;
  return url
    ? withBenchDatabase(url, (database) => measure(database, requests))
    : measure(undefined, requests);
};

export const measureBudget: MeasureBudget = async () => {
  const { driver, roundTrips } = await measureOn(200);
  const figure = (name: string, value: number, goal: number): BudgetFigure => ({
    name: `List ${name}: database round trips (${driver}, cached caller)`,
    value,
    unit: 'queries',
    goal,
    bound: 'at most',
  });
  return [
    figure('first page', roundTrips['first page'] ?? NaN, 1),
    figure('later page', roundTrips['later page'] ?? NaN, 2),
  ];
};

async function main() {
  const requests = Number(process.argv[2] ?? 1000);
  const measured = await measureOn(requests);
  console.log(`Database: ${measured.driver}, ${requests} sequential requests of the first page (50 rows)`);
  console.table(measured.roundTrips);
  console.log(`p50 ${measured.p50Ms.toFixed(2)} ms per request (in process, no socket)`);
  console.log(
    `CPU ${Math.round(measured.cpuMicrosPerRequest)} µs per request (every thread of this process)`,
  );
  console.log(`Drizzle building the unfiltered page's SQL: ${Math.round(measured.buildMicros)} µs`);
  console.log(
    `Node ${process.version}, load average ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
}

if (isMainModule(import.meta.url)) await main();
