// The server side of bench/api-throughput.ts: the real app on a fresh seeded database, listening on a free
// loopback port; prints one JSON line with the port and the demo users' access tokens, then serves until killed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { demoUsers, seedDemoData } from '../server/demo/data';

const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-api-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(dataDir, 'db'),
  pgliteThread: process.env.BENCH_PGLITE_THREAD === 'main' ? 'main' : 'worker',
});
await database.migrate();
await seedDemoData(database.db);
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : NaN;
const [supervisor, admin] = await Promise.all([
  app.context.tokens.issue(demoUsers.supervisor.id),
  app.context.tokens.issue(demoUsers.admin.id),
]);
console.log(JSON.stringify({ port, tokens: { supervisor, admin } }));

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
