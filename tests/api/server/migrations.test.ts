// The start-up's migration check: drizzle's migrator runs when the database lacks a migration of the journal (never
// migrated, or behind it) and is skipped when the journal's newest migration is applied.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { migrateIfBehind } from '../../../server/db/migrations';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';

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
  });
  afterAll(async () => {
    await migrated.close();
    await rm(aheadFolder, { recursive: true, force: true });
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
