// A server process of an older version than the database's migrations refuses to start, saying why, and leaves
// the database as it was.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client';
import { createPostgresDatabase, testDatabaseKinds } from '../../fixtures/databases';
import { freePort, spawnServer } from '../../fixtures/server-process';

/** A migration written a year from now: one no version of the code running today knows. */
const aYearAhead = Date.now() + 365 * 24 * 3600 * 1000;

describe.each(testDatabaseKinds)('a server older than its database on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('refuses to start with a clear message', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-ahead-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
    if (postgres) cleanups.push(postgres.drop);
    const database = await openDatabase({ databaseUrl: postgres?.url, dataDir: path.join(dataDir, 'db') });
    await database.migrate();
    const future = sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${aYearAhead})`;
    await database.db.execute(future);
    await database.close();

    const server = spawnServer({
      dataDir,
      port: await freePort(),
      environment: { DATABASE_URL: postgres?.url ?? '' },
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('The database was migrated by a newer version of Quality Monitoring');
    expect(server.output()).not.toContain('Quality Monitoring is ready');
  });
});
