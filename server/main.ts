// Starts the server: locks the data directory (PGlite), opens the database, applies migrations, loads the demo data
// on an empty database, listens, and shuts down gracefully (in-flight requests finish) on SIGTERM or SIGINT.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { demoPassword, demoUsers, hasDemoData, isDatabaseEmpty, seedDemoData } from './demo/data';
import { addDemoAudioCalls, seedDemoConversations } from './demo/conversations/seed';
import { loggerOptions } from './logging';

const startedAt = performance.now();
const config = loadConfig();
await mkdir(config.dataDir, { recursive: true });
// PostgreSQL serves any number of servers; an embedded PGlite directory only one process at a time.
const releaseDataDir = config.databaseUrl ? undefined : lockDataDirOrExit(config.dataDir);
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  poolSize: config.databasePoolSize,
  dataDir: path.join(config.dataDir, 'db'),
});
await database.migrate();
const seeded = config.seed && (await isDatabaseEmpty(database.db));
if (seeded) {
  await seedDemoData(database.db);
  await seedDemoConversations(database.db);
}

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
// Signals are handled before the server is ready, so a stop that comes right after start is graceful too.
const demoAudio = new AbortController();
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  demoAudio.abort();
  await app.close();
  await database.close();
  releaseDataDir?.();
});
await app.listen({ port: config.port, host: config.host });

app.log.info(
  {
    database: database.driver === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL',
    seeded,
    startupMs: Math.round(performance.now() - startedAt),
  },
  `Quality Monitoring is ready: open ${config.publicUrl}`,
);
if (seeded) {
  const { db, files } = app.context;
  addDemoAudioCalls({ db, files, log: app.log, signal: demoAudio.signal }).catch((error: unknown) =>
    app.log.error({ err: error }, 'the demo calls with audio could not be made'),
  );
}
if (await hasDemoData(database.db)) {
  const accounts = Object.values(demoUsers).map((user) => user.email);
  app.log.info(`Demo accounts (password "${demoPassword}"): ${accounts.join(', ')}`);
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
