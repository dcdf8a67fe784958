// The server side of bench/api-overhead.ts: the real app on the already seeded PostgreSQL database of DATABASE_URL,
// listening on a free loopback port; prints one JSON line with the port and the supervisor's access token, then
// serves until SIGTERM. Node flags (--cpu-prof) come from the parent's command line.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { demoUsers } from '../server/demo/data';

const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-api-overhead-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://127.0.0.1',
  QM_ROLE: 'web',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : NaN;
const token = await app.context.tokens.issue(demoUsers.supervisor.id);
console.log(JSON.stringify({ port, token }));

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
