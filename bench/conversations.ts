// Measures the conversations feature over real HTTP against the server in a child process (bench/conversations-
// server.ts), on PGlite and, when DATABASE_URL is set, on PostgreSQL (a database of its own, dropped after):
// - import of chats through the API: the batch endpoint a file upload uses, and single POSTs four at a time,
//   with the analysis worker running as in production, then the batch endpoint with it stopped;
// - the list at many conversations (seeded by SQL): first page, deep keyset page, filtered pages and searches,
//   p50/p99, with the EXPLAIN of each query printed by the server once seeded; the metadata keys and values;
// - the export of every seeded conversation as CSV and XLSX: rows/s and the server's peak RSS.
// Prints figures and the load average; asserts nothing. Numbers are noisy on a shared machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/conversations.ts \
//        [chats] [pglite list rows] [postgres list rows] [runs per list case]
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { loadavg } from 'node:os';
import type { NewConversation } from '../contract/conversation-ingestion';
import { demoCampaigns, demoUsers } from '../server/demo/data';
import { withBenchDatabase } from './bench-database';
import { listCases } from './conversation-list-cases';

const chatCount = Number(process.argv[2] ?? 10_000);
const pgliteListRows = Number(process.argv[3] ?? 100_000);
const postgresListRows = Number(process.argv[4] ?? 1_000_000);
const runs = Number(process.argv[5] ?? 100);
/** Chats per batch request: what one uploaded file of this size sends. */
const batchSize = 500;
/** Single POSTs in flight at once, as the upload page sends them. */
const parallelPosts = 4;
const singlePostChats = Math.min(chatCount, 2000);
const campaignId = demoCampaigns.customerCare.id;

interface Server {
  child: ChildProcessWithoutNullStreams;
  port: number;
  token: string;
  deepStart: string | null;
}

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/conversations-server.ts'], {
    env: { ...process.env, ...env },
  });
  child.stderr.pipe(process.stderr);
  let pending = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith('{')) resolve({ child, ...(JSON.parse(line) as Omit<Server, 'child'>) });
        else console.log(line);
      }
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

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? NaN) / 1024;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Sends one request; answers its status, and its body unless `onChunk` consumes it as it comes. */
function send(
  server: Server,
  { method = 'GET', path, body }: { method?: string; path: string; body?: unknown },
  onChunk?: (chunk: Buffer) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: server.port,
        method,
        path: `/api${path}`,
        headers: {
          authorization: `Bearer ${server.token}`,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => (onChunk ? onChunk(chunk) : chunks.push(chunk)));
        response.once('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

async function expectStatus(
  server: Server,
  options: Parameters<typeof send>[1],
  status: number,
): Promise<string> {
  const response = await send(server, options);
  if (response.status !== status) {
    throw new Error(`${options.path} answered ${response.status}: ${response.body.slice(0, 300)}`);
  }
  return response.body;
}

const agents = [demoUsers.agent.id, demoUsers.agent2.id, demoUsers.agent3.id];
const lines = [
  'Hello, my parcel has still not arrived after two weeks.',
  'I am sorry to hear that, let me check the tracking for you.',
  'The order number is 48213, it was due last Monday.',
  'I can see it is held at the depot, I will ask them to deliver it tomorrow.',
  'Thank you, and can I get a refund of the delivery fee?',
  'Of course, the refund will appear on your card within five days.',
];

/** A chat as a file upload sends it: six messages, metadata and the file's own id for it. */
const chat = (n: number, run: string): NewConversation => ({
  type: 'chat',
  agent_id: agents[n % agents.length]!,
  external_id: `${run}-${n}`,
  started_at: 1_750_000_000 + n * 60,
  metadata: { channel: n % 2 ? 'web' : 'app', order: String(48_000 + n) },
  messages: lines.map((text, index) => ({
    speaker: index % 2 ? 'agent' : 'customer',
    text,
    sent_at: 1_750_000_000 + n * 60 + index * 30,
  })),
});

/** Imports `chatCount` chats through the batch endpoint, `batchSize` a request; answers the seconds it took. */
async function importInBatches(server: Server, run: string): Promise<number> {
  const startedAt = performance.now();
  for (let start = 0; start < chatCount; start += batchSize) {
    const conversations = Array.from({ length: Math.min(batchSize, chatCount - start) }, (_, i) =>
      chat(start + i, run),
    );
    await expectStatus(
      server,
      { method: 'POST', path: `/campaigns/${campaignId}/conversations/batch`, body: { conversations } },
      200,
    );
  }
  return (performance.now() - startedAt) / 1000;
}

/**
 * The import on one fresh database: with the analysis worker running, as in production (the batch endpoint, then
 * single POSTs), or stopped (the batch endpoint alone). Each run seeds the demo data, hence a database of its own.
 */
async function measureImport(label: string, env: Record<string, string>, worker: boolean) {
  if (worker) console.log(`\n${label}: import of chats through the API (${load()})`);
  const server = await startServer({ ...env, BENCH_SEED: '0', QM_ROLE: worker ? 'all' : 'web' });
  try {
    let seconds = await importInBatches(server, 'batch');
    if (!worker) {
      console.log(
        `  batch endpoint, analysis worker stopped: ${chatCount} chats in ${seconds.toFixed(2)} s, ${(chatCount / seconds).toFixed(0)} chats/s (${load()})`,
      );
      return;
    }
    console.log(
      `  batch endpoint, ${batchSize} a request: ${chatCount} chats in ${seconds.toFixed(2)} s, ${(chatCount / seconds).toFixed(0)} chats/s`,
    );
    const startedAt = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: parallelPosts }, async () => {
        while (next < singlePostChats) {
          const body = chat(next++, 'single');
          await expectStatus(
            server,
            { method: 'POST', path: `/campaigns/${campaignId}/conversations`, body },
            201,
          );
        }
      }),
    );
    seconds = (performance.now() - startedAt) / 1000;
    console.log(
      `  single POSTs, ${parallelPosts} in flight: ${singlePostChats} chats in ${seconds.toFixed(2)} s, ${(singlePostChats / seconds).toFixed(0)} chats/s (${(chatCount / (singlePostChats / seconds)).toFixed(1)} s for ${chatCount})`,
    );
    console.log(`  (the analysis worker runs meanwhile, as in production; ${load()})`);
  } finally {
    await stopServer(server);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

async function timeRequests(server: Server, path: string): Promise<string> {
  const samples: number[] = [];
  for (let run = -5; run < runs; run += 1) {
    const startedAt = performance.now();
    await expectStatus(server, { path }, 200);
    if (run >= 0) samples.push(performance.now() - startedAt);
  }
  samples.sort((a, b) => a - b);
  return `p50 ${percentile(samples, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(samples, 0.99)
    .toFixed(1)
    .padStart(7)} ms`;
}

async function measureList(server: Server, label: string) {
  console.log(`\n${label}: the list, ${runs} requests per case after 5 (${load()})`);
  for (const listCase of listCases) {
    const params = new URLSearchParams({ limit: '50' });
    if (listCase.filters) params.set('filters', JSON.stringify(listCase.filters));
    if (listCase.deep && server.deepStart) params.set('start_after', server.deepStart);
    const path = `/campaigns/${campaignId}/conversations?${params}`;
    console.log(`  ${listCase.name.padEnd(45)} ${await timeRequests(server, path)}`);
  }
  console.log(
    `  ${'metadata keys and values'.padEnd(45)} ${await timeRequests(server, `/campaigns/${campaignId}/conversations/metadata`)}`,
  );
}

/** Downloads the whole campaign's export, sampling the server's RSS meanwhile. */
async function measureExport(server: Server, format: 'csv' | 'xlsx', rows: number) {
  const pid = server.child.pid!;
  const before = await rssMiB(pid);
  let peak = before;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, await rssMiB(pid));
  }, 100);
  let bytes = 0;
  const startedAt = performance.now();
  const response = await send(
    server,
    { path: `/campaigns/${campaignId}/conversations/export?format=${format}` },
    (chunk) => (bytes += chunk.length),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  clearInterval(sampler);
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  console.log(
    `  ${format.padEnd(4)} ${rows} rows in ${seconds.toFixed(1)} s: ${(rows / seconds).toFixed(0)} rows/s, ${(bytes / 1024 / 1024).toFixed(0)} MiB, server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`,
  );
}

async function measureListAndExport(label: string, env: Record<string, string>, rows: number) {
  console.log(`\n${label}: seeding ${rows} conversations by SQL (${load()})`);
  const server = await startServer({ ...env, BENCH_SEED: String(rows), QM_ROLE: 'web' });
  try {
    await measureList(server, `${label}, ${rows} conversations`);
    console.log(`\n${label}: export of ${rows} conversations (${load()})`);
    await measureExport(server, 'csv', rows);
    await measureExport(server, 'xlsx', rows);
  } finally {
    await stopServer(server);
  }
}

console.log(`conversations bench (${load()})`);
for (const worker of [true, false]) await measureImport('PGlite', { DATABASE_URL: '' }, worker);
await measureListAndExport('PGlite', { DATABASE_URL: '' }, pgliteListRows);
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  for (const worker of [true, false]) {
    await withBenchDatabase(adminUrl, (url) => measureImport('PostgreSQL', { DATABASE_URL: url }, worker));
  }
  await withBenchDatabase(adminUrl, (url) =>
    measureListAndExport('PostgreSQL', { DATABASE_URL: url }, postgresListRows),
  );
}
agent.destroy();
console.log(`\ndone (${load()})`);
