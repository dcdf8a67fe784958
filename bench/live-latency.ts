// Measures how long a new notification takes to reach its user's open sockets on the live channel: the notification
// stored and published (NOTIFY), then received by two tabs over real WebSockets. Prints p50/p95/max; asserts
// nothing. Run: [DATABASE_URL=…] npx tsx bench/live-latency.ts [notifications]
import { eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../server/demo/data';
import { conversations } from '../server/db/schema';
import { createNotification } from '../server/notifications/store';
import { withBenchDatabase } from './bench-database';

const count = Number(process.argv[2] ?? 200);

async function measure(databaseUrl: string | undefined): Promise<number[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-live-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
  const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  await seedDemoData(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : NaN;
  const token = await app.context.tokens.issue(demoUsers.supervisor.id);
  const [conversation] = await database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.campaignId, demoCampaigns.customerCare.id))
    .limit(1);

  // One notification at a time: each tab's push counts towards the one in flight.
  let onPush = () => {};
  const tabs = await Promise.all(
    [1, 2].map(
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(token)}`);
          socket.on('message', (data) => {
            if ((JSON.parse(String(data)) as { type: string }).type === 'notification') onPush();
          });
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );

  const samples: number[] = [];
  for (let round = 0; round < count; round++) {
    const startedAt = performance.now();
    let pending = tabs.length;
    const received = new Promise<void>((resolve) => {
      onPush = () => {
        pending -= 1;
        if (pending === 0) resolve();
      };
    });
    await createNotification(database.db, app.context.hub, {
      type: 'ALERT',
      userId: demoUsers.supervisor.id,
      conversationId: conversation?.id ?? '',
      alertDetail: { type: 'main_score', operator: 'lt', score: 50 },
    });
    await received;
    samples.push(performance.now() - startedAt);
  }

  for (const socket of tabs) socket.close();
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  return samples;
}

function report(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
  console.log(
    `${label.padEnd(12)} ${String(samples.length).padStart(6)}  p50 ${at(0.5).toFixed(1).padStart(6)} ms  p95 ${at(
      0.95,
    )
      .toFixed(1)
      .padStart(6)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1).padStart(6)} ms`,
  );
}

console.log(`A notification stored, published and received by both of its user's tabs (${count} in a row):`);
report('PGlite', await measure(undefined));
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) report('PostgreSQL', await withBenchDatabase(adminUrl, (url) => measure(url)));
