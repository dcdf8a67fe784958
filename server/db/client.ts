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
  /**
   * Where the dashboards, the exports and the conversation list read (reads that may lag a moment behind): a
   * replica's pool with DATABASE_READ_URL, else `db` itself.
   */
  readDb: Database;
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
  /** Where LISTEN and the migration lock connect (PostgreSQL itself, not a pooler); `databaseUrl` by default. */
  listenUrl?: string | undefined;
  /** A replica for `readDb`; without it `readDb` is `db`. */
  readUrl?: string | undefined;
  /** Whether fixed-shape queries keep their statement names (decision 0191); true unless told otherwise. */
  preparedStatements?: boolean | undefined;
  /** The most connections each PostgreSQL pool opens; `databasePoolSize` unless told otherwise. */
  poolSize?: number | undefined;
  /** PGlite's data directory; without it PGlite keeps everything in memory. */
  dataDir?: string | undefined;
  /** Where PGlite runs; a worker thread unless told otherwise. */
  pgliteThread?: PgliteThread | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres({
        databaseUrl: options.databaseUrl,
        listenUrl: options.listenUrl ?? options.databaseUrl,
        readUrl: options.readUrl,
        preparedStatements: options.preparedStatements ?? true,
        poolSize: options.poolSize ?? databasePoolSize,
      })
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
 * the pool, outside any one transaction of this connection), made to the listening URL: PostgreSQL itself, where a
 * session lasts as long as the connection even when the pool goes through a transaction-mode pooler.
 */
async function whileHoldingMigrationLock(listenUrl: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: listenUrl });
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

/** A query's configuration without its statement name: sent as the unnamed statement, parsed each time. */
const unnamed = (config: unknown) =>
  config !== null && typeof config === 'object' && 'name' in config && !('submit' in config)
    ? { ...config, name: undefined }
    : config;

/**
 * A pool of PostgreSQL connections; without prepared statements its connections drop the names drizzle gives
 * prepared queries, since a transaction-mode pooler hands each transaction any server connection (decision 0223).
 */
async function openPool(connectionString: string, poolSize: number, preparedStatements: boolean) {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  pool.on('error', reportLostConnection);
  if (!preparedStatements)
    pool.on('connect', (client) => {
      const send = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
      (client as unknown as { query: typeof send }).query = (config, ...rest) =>
        send(unnamed(config), ...rest);
    });
  await pool.query('select 1');
  return pool;
}

interface PostgresOptions {
  databaseUrl: string;
  listenUrl: string;
  readUrl: string | undefined;
  preparedStatements: boolean;
  poolSize: number;
}

async function openPostgres({
  databaseUrl,
  listenUrl,
  readUrl,
  preparedStatements,
  poolSize,
}: PostgresOptions): Promise<DatabaseHandle> {
  const pool = await openPool(databaseUrl, poolSize, preparedStatements);
  const readPool = readUrl ? await openPool(readUrl, poolSize, preparedStatements) : undefined;
  const db = drizzlePostgres(pool, { schema });
  const listeners = new Set<pg.Client>();
  return {
    db: db as unknown as Database,
    readDb: (readPool ? drizzlePostgres(readPool, { schema }) : db) as unknown as Database,
    driver: 'postgres',
    migrate: () =>
      migrateIfBehind(db as unknown as Database, migrationsFolder, () =>
        // Processes starting together take turns; each looks again once it holds the lock, so one migrates.
        whileHoldingMigrationLock(listenUrl, () =>
          migrateIfBehind(db as unknown as Database, migrationsFolder, () =>
            migratePostgres(db, { migrationsFolder }),
          ),
        ),
      ),
    isMigrated: () => hasNewestMigration(db as unknown as Database, migrationsFolder),
    listen: async (channel, listener) => {
      // LISTEN needs a connection of its own, held for as long as the subscription lives: a session, so
      // PostgreSQL itself rather than a transaction-mode pooler.
      const client = new pg.Client({ connectionString: listenUrl });
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
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}
