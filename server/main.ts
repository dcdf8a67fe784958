// Starts the server: locks the data directory (PGlite), opens the database, applies migrations, loads the demo data
// on an empty database, listens, and shuts down gracefully (in-flight requests finish) on SIGTERM or SIGINT. A
// worker process (QM_ROLE=worker) loads no demo data and listens for its health checks only.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { DatabaseAheadError } from './db/migrations';
import { startupPhases } from './startup-phases';

const startup = startupPhases();
startup.mark('modules');
const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
// PostgreSQL serves any number of servers; an embedded PGlite directory only one process at a time.
const releaseDataDir = config.databaseUrl ? undefined : lockDataDirOrExit(config.dataDir);
// PGlite opens on its worker thread while this thread loads the rest of the server: the two overlap.
const [database, [{ buildApp }, { loggerOptions }, demo, demoConversations]] = await Promise.all([
  startup.overlapping(
    'database',
    openDatabase({
      databaseUrl: config.databaseUrl,
      listenUrl: config.databaseListenUrl,
      readUrl: config.databaseReadUrl,
      preparedStatements: config.databasePreparedStatements,
      poolSize: config.databasePoolSize,
      dataDir: path.join(config.dataDir, 'db'),
    }),
    (handle) => handle.openedIn,
  ),
  startup.overlapping(
    'serverModules',
    Promise.all([
      import('./app'),
      import('./logging'),
      import('./demo/data'),
      import('./demo/conversations/seed'),
    ]),
  ),
]);
startup.mark('opening');
await database.migrate().catch(async (error: unknown) => {
  if (!(error instanceof DatabaseAheadError)) throw error;
  console.error(error.message);
  await database.close();
  process.exit(1);
});
startup.mark('migrations');
const seeded = config.seed && config.role !== 'worker' && (await demo.isDatabaseEmpty(database.db));
if (seeded) {
  await demo.seedDemoData(database.db);
  await demoConversations.seedDemoConversations(database.db);
}
startup.mark('seed');

const app = await buildApp({
  config,
  database,
  logger: {
    ...loggerOptions(config),
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  },
});
startup.mark('app');
// Signals are handled before the server is ready, so a stop that comes right after start is graceful too.
const demoAudio = new AbortController();
const shutdownDelayMs = config.shutdownDelaySeconds * 1000;
closeWithGrace({ delay: 10_000 + shutdownDelayMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // /readyz answers 503 at once; requests are still served for the delay, so a load balancer takes the process
  // out before it stops accepting them.
  app.context.draining.start();
  if (!err && shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, shutdownDelayMs));
  demoAudio.abort();
  await app.close();
  await database.close();
  releaseDataDir?.();
});
await app.listen({ port: config.port, host: config.host });
startup.mark('listen');

app.log.info(
  {
    database: database.driver === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL',
    role: config.role,
    seeded,
    startupMs: startup.total(),
    startupPhases: startup.phases,
  },
  config.role === 'worker'
    ? `Quality Monitoring is ready: a worker, health checks on port ${config.port}`
    : `Quality Monitoring is ready: open ${config.publicUrl}`,
);
if (seeded) {
  const { db, files } = app.context;
  demoConversations
    .addDemoAudioCalls({ db, files, log: app.log, signal: demoAudio.signal })
    .catch((error: unknown) => app.log.error({ err: error }, 'the demo calls with audio could not be made'));
}
if (config.role !== 'worker' && (await demo.hasDemoData(database.db))) {
  const accounts = Object.values(demo.demoUsers).map((user) => user.email);
  app.log.info(`Demo accounts (password "${demo.demoPassword}"): ${accounts.join(', ')}`);
}

function lockDataDirOrExit(dataDir: string) {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
