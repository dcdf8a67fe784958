// The start-up's migration check: drizzle's migrator runs when the database lacks a migration of the journal (never
// migrated, or behind it), is skipped when the journal's newest migration is applied, and refuses a database that
// applied a migration newer than the journal knows; on PostgreSQL, processes starting together migrate once.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { sql } from 'drizzle-orm';
import { DatabaseAheadError, migrateIfBehind } from '../../../server/db/migrations';
import { createPostgresDatabase, openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';

const migrationsFolder = path.resolve(import.meta.dirname, '../../../server/db/migrations');

/** Runs the check with a migrator that only counts its calls. */
async function migratorRuns(database: DatabaseHandle, folder = migrationsFolder) {
  let runs = 0;
  await migrateIfBehind(database.db, folder, async () => {
    runs += 1;
  });
  return runs;
}

describe.each(testDatabaseKinds)('the migration check on %s', (kind) => {
  let migrated: DatabaseHandle;
  let aheadFolder: string;
  let behindFolder: string;
  beforeAll(async () => {
    migrated = await openTestDatabase(kind);
    // The same migrations and one more, written after the newest.
    aheadFolder = await mkdtemp(path.join(tmpdir(), 'qm-migrations-'));
    await cp(migrationsFolder, aheadFolder, { recursive: true });
    const journalFile = path.join(aheadFolder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { when: number }[] };
    const newest = journal.entries.at(-1)!;
    journal.entries.push({ ...newest, when: newest.when + 1 });
    await writeFile(journalFile, JSON.stringify(journal));
    // The same migrations but the newest: an older version of the code.
    behindFolder = await mkdtemp(path.join(tmpdir(), 'qm-migrations-'));
    await cp(migrationsFolder, behindFolder, { recursive: true });
    journal.entries.splice(-2, 2);
    await writeFile(path.join(behindFolder, 'meta', '_journal.json'), JSON.stringify(journal));
  });
  afterAll(async () => {
    await migrated.close();
    await rm(aheadFolder, { recursive: true, force: true });
    await rm(behindFolder, { recursive: true, force: true });
  });

  it('refuses a database migrated by a newer version of the code, without running the migrator', async () => {
    const check = migratorRuns(migrated, behindFolder);
    await expect(check).rejects.toBeInstanceOf(DatabaseAheadError);
    await expect(check).rejects.toThrow(/migrated by a newer version of Quality Monitoring/);
  });

  it('skips the migrator on a database that applied the newest migration', async () => {
    expect(await migratorRuns(migrated)).toBe(0);
  });

  it('runs the migrator when the journal has a newer migration than the database applied', async () => {
    expect(await migratorRuns(migrated, aheadFolder)).toBe(1);
  });
});

describe('the migration check on a database never migrated', () => {
  it('runs the migrator', async () => {
    const database = await openDatabase({});
    try {
      expect(await migratorRuns(database)).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('processes migrating at once on PostgreSQL', () => {
  it('migrate the database once, each waiting for the other', async () => {
    const created = await createPostgresDatabase();
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: created.url, poolSize: 2 })),
    );
    try {
      await Promise.all(databases.map((database) => database.migrate()));
      const journal = JSON.parse(
        await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const applied = (await databases[0]!.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { count: number }[] };
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await created.drop();
    }
  });
});
