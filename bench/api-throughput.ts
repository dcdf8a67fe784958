// Measures the API's throughput and latency over real HTTP on PGlite and on PostgreSQL (when DATABASE_URL is
// set), with PGlite on the main thread and on its worker thread: the server runs in a child process, this one
// drives concurrent keep-alive clients against a few read endpoints and prints req/s, p50/p99, CPU per request
// (the server process, plus PostgreSQL's backend processes serving it) and RSS, then each PGlite mode's throughput
// against PostgreSQL's. Prints figures; asserts nothing.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/api-throughput.ts [seconds] [clients] [rounds]
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import { demoCampaigns, demoOrganisation } from '../server/demo/data';
import { withBenchDatabase } from './bench-database';

const seconds = Number(process.argv[2] ?? 5);
const clients = Number(process.argv[3] ?? 16);
/** Each endpoint is driven this many times per target; the best round counts, the least disturbed by other load. */
const rounds = Number(process.argv[4] ?? 3);
const warmUpSeconds = 1;
/** Extra node flags for the server, e.g. BENCH_SERVER_FLAGS=--cpu-prof to profile it. */
const serverFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);

interface Endpoint {
  path: string;
  as: 'supervisor' | 'admin';
}

const endpoints: Endpoint[] = [
  { path: '/api/users/me', as: 'supervisor' },
  { path: '/api/campaigns', as: 'supervisor' },
  { path: `/api/campaigns/${demoCampaigns.customerCare.id}`, as: 'supervisor' },
  { path: '/api/notifications', as: 'supervisor' },
  { path: '/api/dashboards/filters', as: 'supervisor' },
  { path: `/api/organisations/${demoOrganisation.id}/users`, as: 'admin' },
];

interface Server {
  child: ChildProcessWithoutNullStreams;
  port: number;
  tokens: Record<Endpoint['as'], string>;
  /** The processes whose CPU time counts: the server's, and PostgreSQL's backends connected to its database. */
  processes(): Promise<number[]>;
}

interface Target {
  label: string;
  databaseUrl?: string;
  pgliteThread?: 'main' | 'worker';
}

async function startServer({ databaseUrl = '', pgliteThread = 'worker' }: Target): Promise<Server> {
  const child = spawn(process.execPath, [...serverFlags, '--import', 'tsx', 'bench/api-server.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_PGLITE_THREAD: pgliteThread },
  });
  child.stderr.pipe(process.stderr);
  let output = '';
  const ready = await new Promise<{ port: number; tokens: Server['tokens'] }>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line && output.includes('\n')) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const backends = async () => {
    if (!databaseUrl) return [];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  };
  return { child, ...ready, processes: async () => [child.pid!, ...(await backends())] };
}

async function stopServer({ child }: Server): Promise<void> {
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

const clockTicksPerSecond = 100;

/** User + system CPU time each process has used, in milliseconds; a process gone since is left out. */
async function cpuMs(pids: number[]): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    const fields = stat?.split(') ')[1]!.split(' ');
    if (fields) used.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond);
  }
  return used;
}

/** The CPU time the processes alive at both readings used between them. */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, used] of after) total += used - (before.get(pid) ?? used);
  return total;
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? NaN) / 1024;
}

function get(agent: http.Agent, port: number, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { agent, host: '127.0.0.1', port, path, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.once('error', reject);
  });
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
  cpuMsPerRequest: number;
}

async function drive(server: Server, endpoint: Endpoint): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const token = server.tokens[endpoint.as];
  const run = async (durationMs: number) => {
    const latencies: number[] = [];
    let failures = 0;
    const endAt = performance.now() + durationMs;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < endAt) {
          const startedAt = performance.now();
          const status = await get(agent, server.port, endpoint.path, token);
          latencies.push(performance.now() - startedAt);
          if (status !== 200) failures += 1;
        }
      }),
    );
    return { latencies, failures };
  };
  await run(warmUpSeconds * 1000);
  const processes = await server.processes();
  const cpuBefore = await cpuMs(processes);
  const startedAt = performance.now();
  const { latencies, failures } = await run(seconds * 1000);
  const elapsedSeconds = (performance.now() - startedAt) / 1000;
  const cpuUsed = cpuBetween(cpuBefore, await cpuMs(processes));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) => latencies[Math.floor(quantile * (latencies.length - 1))] ?? NaN;
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50: at(0.5),
    p99: at(0.99),
    failures,
    cpuMsPerRequest: cpuUsed / latencies.length,
  };
}

function printTable(target: Target, results: Map<string, Figures>, idleRss: number, loadedRss: number) {
  console.log(
    `\n${target.label}: idle RSS ${idleRss.toFixed(0)} MiB, after load ${loadedRss.toFixed(0)} MiB`,
  );
  console.log(`${'endpoint'.padEnd(60)}   req/s    p50 ms   p99 ms  CPU ms/req  failures`);
  for (const [path, figures] of results) {
    console.log(
      `${path.padEnd(60)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} ${figures.p50
        .toFixed(1)
        .padStart(9)} ${figures.p99.toFixed(1).padStart(8)} ${figures.cpuMsPerRequest
        .toFixed(2)
        .padStart(11)} ${String(figures.failures).padStart(9)}`,
    );
  }
}

/**
 * Runs every target's server at once and drives each endpoint against each target in turn, so that a change in
 * the machine's load during the run weighs on all targets alike; keeps each target's best round per endpoint.
 */
async function measure(targets: Target[]): Promise<Map<string, Figures>[]> {
  const servers = await Promise.all(targets.map(startServer));
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRss = await Promise.all(servers.map((server) => rssMiB(server.child.pid!)));
    const results = targets.map(() => new Map<string, Figures>());
    for (let round = 0; round < rounds; round += 1) {
      for (const endpoint of endpoints) {
        for (const [index, server] of servers.entries()) {
          const figures = await drive(server, endpoint);
          const best = results[index]!.get(endpoint.path);
          if (!best || figures.requestsPerSecond > best.requestsPerSecond) {
            results[index]!.set(endpoint.path, figures);
          }
        }
      }
    }
    const loadedRss = await Promise.all(servers.map((server) => rssMiB(server.child.pid!)));
    targets.forEach((target, index) =>
      printTable(target, results[index]!, idleRss[index]!, loadedRss[index]!),
    );
    return results;
  } finally {
    await Promise.all(servers.map(stopServer));
  }
}

/** The machine's 1, 5 and 15 minute load averages: figures taken under other load are noisy. */
const loadAverage = () =>
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`;

console.log(
  `${clients} keep-alive clients, ${seconds} s per endpoint after ${warmUpSeconds} s warm-up, best of ${rounds} rounds; ${loadAverage()}`,
);
const pgliteTargets: Target[] = [
  { label: 'PGlite on the main thread', pgliteThread: 'main' },
  { label: 'PGlite on a worker thread', pgliteThread: 'worker' },
];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  const [pgliteMain, pgliteWorker, postgres] = await withBenchDatabase(adminUrl, (databaseUrl) =>
    measure([...pgliteTargets, { label: 'PostgreSQL', databaseUrl }]),
  );
  console.log(`\n${'PostgreSQL throughput ÷ PGlite throughput'.padEnd(60)} main thread  worker`);
  for (const [path, figures] of postgres!) {
    const ratio = (pglite: Map<string, Figures>) =>
      (figures.requestsPerSecond / pglite.get(path)!.requestsPerSecond).toFixed(2);
    console.log(
      `${path.padEnd(60)} ${ratio(pgliteMain!).padStart(10)}× ${ratio(pgliteWorker!).padStart(6)}×`,
    );
  }
} else {
  await measure(pgliteTargets);
}
console.log(`\nAt the end: ${loadAverage()}`);
