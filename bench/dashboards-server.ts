// The server side of bench/dashboards.ts: the app of a checkout (this one, or the one BENCH_SOURCE names, to measure
// another version on the same database) on the seeded PostgreSQL database of BENCH_DATABASE_URL, listening on a
// free loopback port; prints one JSON line with the port and the supervisor's and agent's access tokens, then serves
// until SIGTERM. It migrates nothing: the bench has migrated and seeded the database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as App from '../server/app';
import type * as Config from '../server/config';
import type * as Client from '../server/db/client';
import type * as DemoData from '../server/demo/data';

const root = process.env.BENCH_SOURCE ?? path.resolve(import.meta.dirname, '..');
const load = async <Module>(file: string) =>
  (await import(pathToFileURL(path.join(root, file)).href)) as Module;

const { buildApp } = await load<typeof App>('server/app.ts');
const { loadConfig } = await load<typeof Config>('server/config.ts');
const { openDatabase } = await load<typeof Client>('server/db/client.ts');
const { demoUsers } = await load<typeof DemoData>('server/demo/data.ts');

const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-dashboards-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' });
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : NaN;
const [supervisor, agent] = await Promise.all([
  app.context.tokens.issue(demoUsers.supervisor.id),
  app.context.tokens.issue(demoUsers.agent.id),
]);
console.log(JSON.stringify({ port, tokens: { supervisor, agent } }));

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
