// Measures what the server adds to the conversation list's SQL, on PostgreSQL at 1M conversations: the first page,
// a deep keyset page (80 % down the list) and a filtered page, p50/p95 over HTTP with one keep-alive client against
// the same statements run bare (the page's SQL text and parameters, timed through a pg client on the same
// loopback: parse, plan, execute and the rows' transfer; PostgreSQL's EXPLAIN ANALYZE execution time is printed
// beside it), one of each in turn; their ratio HTTP ÷ SQL; and the first page's requests/s with 16 keep-alive
// clients. Prints figures and the load average; asserts nothing.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-overhead.ts [seconds at 16 clients]
// BENCH_API_OVERHEAD_DB=qm_bench_api_overhead reuses (or creates and seeds once, then keeps) that database on the
// server of DATABASE_URL; without it the bench seeds a database of its own and drops it after. Extra node flags for
// the server: BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pg from 'pg';
import { Pool } from 'undici';
import type { ConversationFilters } from '../contract/conversations';
import { openDatabase } from '../server/db/client';
import { conversationListQuery, type ListCursor } from '../server/conversations/list-store';
import { conversationCriteria } from '../server/domain/conversation-criteria';
import { campaignId, cursorLookupQuery, ensureDatabase, prepareDatabase } from './api-overhead-database';
import { withBenchDatabase } from './bench-database';
import { isMainModule, type BudgetFigure, type MeasureBudget } from './budget-figure';

const conversationCount = 1_000_000;
/** Where the deep page starts, as a fraction of the list. */
const deepFraction = 0.8;
const pageSize = 50;
/** Requests (and bare runs) per case at one client, after `warmUp` of each. */
const samples = 300;
const warmUp = 30;
const concurrentClients = 16;
const defaultLoadSeconds = 10;

interface Case {
  name: string;
  filters?: ConversationFilters;
  deep?: boolean;
}

const cases: Case[] = [
  { name: 'first page' },
  { name: 'deep page (80 % in)', deep: true },
  {
    name: 'filtered page (type + metadata + duration)',
    filters: {
      types: ['chat'],
      conversationsMetadata: { channel: ['web'], tier: ['gold'] },
      duration: { min: { value: 5, unit: 'm' }, max: { value: 20, unit: 'm' } },
    },
  },
];

const loadAverage = () =>
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

interface Timing {
  p50: number;
  p95: number;
}

/** Times `bare` and `overHttp` alternately, one run of each in turn, so that both see the same load. */
async function timeBoth(
  bare: () => Promise<unknown>,
  overHttp: () => Promise<unknown>,
): Promise<{ sql: Timing; http: Timing }> {
  const durations = { sql: [] as number[], http: [] as number[] };
  for (let n = -warmUp; n < samples; n += 1) {
    for (const [side, run] of [
      ['sql', bare],
      ['http', overHttp],
    ] as const) {
      const startedAt = performance.now();
      await run();
      if (n >= 0) durations[side].push(performance.now() - startedAt);
    }
  }
  const timing = (sorted: number[]) => ({ p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) });
  return {
    sql: timing(durations.sql.sort((a, b) => a - b)),
    http: timing(durations.http.sort((a, b) => a - b)),
  };
}

/** The median of PostgreSQL's own execution time for the statements (EXPLAIN ANALYZE), for reference. */
async function executionMs(client: pg.Client, statements: Statement[]): Promise<number> {
  const runs: number[] = [];
  for (let n = 0; n < 21; n += 1) {
    let total = 0;
    for (const { sql, params } of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        `explain (analyze, format json) ${sql}`,
        params,
      );
      total += rows[0]!['QUERY PLAN'][0]['Execution Time'];
    }
    runs.push(total);
  }
  return percentile(
    runs.sort((a, b) => a - b),
    0.5,
  );
}

/** A statement as drizzle sends it: its text and parameters. */
interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements the list runs for the case, after the principal and the campaign are known. */
async function statementsOf(databaseUrl: string, listCase: Case, deep: ListCursor): Promise<Statement[]> {
  const database = await openDatabase({ databaseUrl });
  try {
    const scope = { campaignId, onlyAgent: null };
    const window = {
      sort: 'started_at_desc' as const,
      after: listCase.deep ? deep : null,
      limit: pageSize + 1,
    };
    const page = conversationListQuery(database.db, conversationCriteria(listCase.filters, scope), window);
    return [...(listCase.deep ? [cursorLookupQuery(database.db, deep.id).toSQL()] : []), page.toSQL()];
  } finally {
    await database.close();
  }
}

interface Server {
  child: ChildProcessWithoutNullStreams;
  port: number;
  token: string;
}

function startServer(databaseUrl: string): Promise<Server> {
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'bench/api-overhead-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  child.stderr.pipe(process.stderr);
  let pending = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      pending += String(chunk);
      const line = pending.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line && pending.includes('\n')) resolve({ child, ...(JSON.parse(line) as Omit<Server, 'child'>) });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

function stopServer({ child }: Server): Promise<unknown> {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * Keep-alive connections to the server through undici, whose own CPU per request is half of node:http's or less: the
 * load client shares the machine's two cores with the server and PostgreSQL.
 */
const connectionsTo = (server: Server, connections: number) =>
  new Pool(`http://127.0.0.1:${server.port}`, { connections, pipelining: 1 });

async function getOk(pool: Pool, server: Server, path: string): Promise<void> {
  const { statusCode, body } = await pool.request({
    method: 'GET',
    path,
    headers: { authorization: `Bearer ${server.token}` },
  });
  await body.dump();
  if (statusCode !== 200) throw new Error(`${path} answered ${statusCode}`);
}

function pathOf(listCase: Case, deep: ListCursor): string {
  const params = new URLSearchParams({ limit: String(pageSize) });
  if (listCase.filters) params.set('filters', JSON.stringify(listCase.filters));
  if (listCase.deep) params.set('start_after', deep.id);
  return `/api/campaigns/${campaignId}/conversations?${params}`;
}

const clockTicksPerSecond = 100;

/** The user + system CPU time the process has used, in milliseconds. */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
}

/** CPU time per request, in milliseconds, of each side of the load: the server, the load client, PostgreSQL. */
export interface CpuPerRequest {
  server: number;
  client: number;
  postgres: number;
}

/**
 * Requests/s of `path` with `clients` keep-alive clients for `seconds`, after a second of warm-up, and the CPU time
 * per request meanwhile of the server process, of this process (the load client) and of the PostgreSQL backends
 * serving the server's connections: on a machine of two cores the three share them, so their sum bounds the rate.
 */
async function throughput(
  server: Server,
  database: pg.Client,
  path: string,
  clients: number,
  seconds: number,
): Promise<{ requestsPerSecond: number; cpuPerRequest: CpuPerRequest }> {
  const pool = connectionsTo(server, clients);
  const drive = async (durationMs: number) => {
    let done = 0;
    const endAt = performance.now() + durationMs;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < endAt) {
          await getOk(pool, server, path);
          done += 1;
        }
      }),
    );
    return done;
  };
  await drive(1000);
  const backends = await serverBackends(database);
  const cpuOf = async () => ({
    server: await cpuMs(server.child.pid!),
    client: process.cpuUsage(),
    postgres: (await Promise.all(backends.map((pid) => cpuMs(pid).catch(() => 0)))).reduce(
      (a, b) => a + b,
      0,
    ),
  });
  const before = await cpuOf();
  const startedAt = performance.now();
  const done = await drive(seconds * 1000);
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const after = await cpuOf();
  const clientCpu = process.cpuUsage(before.client);
  await pool.close();
  return {
    requestsPerSecond: done / elapsedSeconds,
    cpuPerRequest: {
      server: (after.server - before.server) / done,
      client: (clientCpu.user + clientCpu.system) / 1000 / done,
      postgres: (after.postgres - before.postgres) / done,
    },
  };
}

export interface Figures {
  cases: { name: string; http: Timing; sql: Timing }[];
  requestsPerSecond: number;
  cpuPerRequest: CpuPerRequest;
}

/** Seeds (or reuses) the database, then measures each case over HTTP and bare, and the throughput. */
async function measure(
  databaseUrl: string,
  loadSeconds: number,
  log: (line: string) => void,
): Promise<Figures> {
  const deep = await prepareDatabase(databaseUrl, conversationCount, deepFraction);
  const server = await startServer(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const pool = connectionsTo(server, 1);
  try {
    const figures: Figures = {
      cases: [],
      requestsPerSecond: NaN,
      cpuPerRequest: { server: NaN, client: NaN, postgres: NaN },
    };
    log(`one client, ${samples} requests per case after ${warmUp} (${loadAverage()})`);
    for (const listCase of cases) {
      const statements = await statementsOf(databaseUrl, listCase, deep);
      const path = pathOf(listCase, deep);
      const { sql: bare, http: overHttp } = await timeBoth(
        async () => {
          for (const { sql, params } of statements) await client.query(sql, params);
        },
        () => getOk(pool, server, path),
      );
      figures.cases.push({ name: listCase.name, http: overHttp, sql: bare });
      log(
        `  ${listCase.name.padEnd(44)} HTTP p50 ${overHttp.p50.toFixed(2).padStart(6)} ms p95 ${overHttp.p95
          .toFixed(2)
          .padStart(6)} ms   SQL p50 ${bare.p50.toFixed(2).padStart(5)} ms p95 ${bare.p95
          .toFixed(2)
          .padStart(
            5,
          )} ms   HTTP ÷ SQL ${(overHttp.p50 / bare.p50).toFixed(1)}×   (EXPLAIN ANALYZE execution ${(
          await executionMs(client, statements)
        ).toFixed(2)} ms)`,
      );
    }
    const connectionsBefore = (await serverBackends(client)).length;
    const loaded = await throughput(server, client, pathOf(cases[0]!, deep), concurrentClients, loadSeconds);
    Object.assign(figures, loaded);
    const cpu = loaded.cpuPerRequest;
    log(
      `first page, ${concurrentClients} keep-alive clients for ${loadSeconds} s: ${loaded.requestsPerSecond.toFixed(0)} requests/s (${loadAverage()})`,
    );
    log(
      `  CPU per request: server ${cpu.server.toFixed(2)} ms, load client ${cpu.client.toFixed(2)} ms, PostgreSQL ${cpu.postgres.toFixed(2)} ms; together ${(cpu.server + cpu.client + cpu.postgres).toFixed(2)} ms`,
    );
    log(
      `  the server's connections to PostgreSQL: ${connectionsBefore} before, ${(await serverBackends(client)).length} after (its pool opens one only when all the others are busy)`,
    );
    return figures;
  } finally {
    await pool.close();
    await client.end();
    await stopServer(server);
  }
}

/**
 * The backends of the connections to the database other than `client`'s (the server's pool and its LISTEN
 * subscriptions), by process id.
 */
async function serverBackends(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  return rows.map(({ pid }) => pid);
}

/** Runs `use` on the reused database BENCH_API_OVERHEAD_DB names, or on a fresh one dropped after. */
async function onBenchDatabase<T>(use: (databaseUrl: string) => Promise<T>): Promise<T> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('bench/api-overhead.ts measures PostgreSQL: set DATABASE_URL');
  const reused = process.env.BENCH_API_OVERHEAD_DB;
  return reused ? use(await ensureDatabase(adminUrl, reused)) : withBenchDatabase(adminUrl, use);
}

export const measureBudget: MeasureBudget = async () => {
  const figures = await onBenchDatabase((url) => measure(url, defaultLoadSeconds, () => {}));
  return [
    ...figures.cases.map(({ name, http: overHttp, sql: bare }): BudgetFigure => ({
      name: `List ${name}, HTTP p50 ÷ bare SQL p50 (PostgreSQL, 1M, 1 client)`,
      value: overHttp.p50 / bare.p50,
      unit: '×',
      goal: 3,
      bound: 'at most',
    })),
    {
      name: `List first page, ${concurrentClients} clients (PostgreSQL, 1M)`,
      value: figures.requestsPerSecond,
      unit: 'req/s',
      goal: 1500,
      bound: 'at least',
    },
  ];
};

async function main() {
  const loadSeconds = Number(process.argv[2] ?? defaultLoadSeconds);
  console.log(`api-overhead bench, PostgreSQL at ${conversationCount} conversations (${loadAverage()})`);
  await onBenchDatabase((url) => measure(url, loadSeconds, (line) => console.log(line)));
  console.log(`done (${loadAverage()})`);
}

if (isMainModule(import.meta.url)) await main();
