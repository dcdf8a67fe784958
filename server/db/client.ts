// Opens the database: embedded PGlite in DATA_DIR by default (see ./pglite), PostgreSQL when DATABASE_URL is set.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { databasePoolSize } from '../config';
import { hasNewestMigration, migrateIfBehind } from './migrations';
import { openPglite, type PgliteThread } from './pglite';
import type { StartupPhases } from '../startup-phases';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Receives the payloads sent with `pg_notify` on one channel. */
export type ChannelListener = (payload: string) => void;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** PGlite's opening, step by step, for the start-up log line. */
  openedIn?: StartupPhases;
  migrate(): Promise<void>;
  /** Whether the database has applied this code's newest migration; rejects when it does not answer. */
  isMigrated(): Promise<boolean>;
  /** Subscribes to a NOTIFY channel; resolves to the function that unsubscribes. */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Sends a payload on a NOTIFY channel; sent inside a transaction, it is delivered when the transaction commits. */
export async function notify(db: Database, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** A postgres:// URL; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** The most connections the PostgreSQL pool opens; `databasePoolSize` unless told otherwise. */
  poolSize?: number | undefined;
  /** PGlite's data directory; without it PGlite keeps everything in memory. */
  dataDir?: string | undefined;
  /** Where PGlite runs; a worker thread unless told otherwise. */
  pgliteThread?: PgliteThread | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? databasePoolSize)
    : openPglite(options.dataDir, options.pgliteThread ?? 'worker', migrationsFolder);
}

/**
 * A connection PostgreSQL closes (restart, failover, administrator) emits `error`; without a listener Node would
 * crash the process. The pool replaces a broken idle connection by itself, so the loss is only reported.
 */
const reportLostConnection = (error: Error) => console.error(`PostgreSQL connection lost: ${error.message}`);

/** The advisory lock migrations run under, across every process sharing the database. */
const migrationLockKey = 'quality-monitoring/migrations';

/**
 * Runs `work` while holding the migration lock on a connection of its own (a session lock: the migrator runs on
 * the pool, outside any one transaction of this connection).
 */
async function whileHoldingMigrationLock(databaseUrl: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', reportLostConnection);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [migrationLockKey]);
    await work();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  pool.on('error', reportLostConnection);
  await pool.query('select 1');
  const db = drizzlePostgres(pool, { schema });
  const listeners = new Set<pg.Client>();
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    migrate: () =>
      migrateIfBehind(db as unknown as Database, migrationsFolder, () =>
        // Processes starting together take turns; each looks again once it holds the lock, so one migrates.
        whileHoldingMigrationLock(databaseUrl, () =>
          migrateIfBehind(db as unknown as Database, migrationsFolder, () =>
            migratePostgres(db, { migrationsFolder }),
          ),
        ),
      ),
    isMigrated: () => hasNewestMigration(db as unknown as Database, migrationsFolder),
    listen: async (channel, listener) => {
      // LISTEN needs a connection of its own, held for as long as the subscription lives.
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', reportLostConnection);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) listener(message.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end();
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((client) => client.end()));
      await pool.end();
    },
  };
}
