// Applies the migrations a database lacks; a database already up to date costs one look at the journal and two
// small queries instead of drizzle's migrator, which reads and hashes every migration file and writes (CREATE … IF
// NOT EXISTS) before it finds nothing to do.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './client';
import { newestAppliedMigration } from './migrations-store';

/** The `when` of the newest migration in the folder's journal (written by `npm run db:generate`). */
async function newestMigration(migrationsFolder: string): Promise<number | undefined> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  return journal.entries.at(-1)?.when;
}

/** The database was migrated by a newer version of the code than this process runs: it must not start on it. */
export class DatabaseAheadError extends Error {
  constructor(applied: number, newest: number) {
    const date = (when: number) => new Date(when).toISOString();
    super(
      `The database was migrated by a newer version of Quality Monitoring than this one: its newest migration ` +
        `was written ${date(applied)}, this version's newest ${date(newest)}. Start the version that migrated it ` +
        `(or a newer one); this process stops without touching the database.`,
    );
    this.name = 'DatabaseAheadError';
  }
}

/**
 * Runs `migrate` (drizzle's migrator) unless the database has applied the journal's newest migration: the migrator
 * applies only the migrations newer than the newest applied one, so it would have nothing to do. A database that
 * applied a migration newer than the journal's newest refuses the process (`DatabaseAheadError`).
 */
export async function migrateIfBehind(
  db: Database,
  migrationsFolder: string,
  migrate: () => Promise<void>,
): Promise<void> {
  const [newest, applied] = await Promise.all([
    newestMigration(migrationsFolder),
    newestAppliedMigration(db),
  ]);
  if (newest !== undefined && applied !== undefined && applied > newest)
    throw new DatabaseAheadError(applied, newest);
  if (newest !== undefined && applied !== undefined && applied >= newest) return;
  await migrate();
}

/** True when the database answers and has applied the journal's newest migration (or a newer one). */
export async function hasNewestMigration(db: Database, migrationsFolder: string): Promise<boolean> {
  const [newest, applied] = await Promise.all([
    newestMigration(migrationsFolder),
    newestAppliedMigration(db),
  ]);
  return newest === undefined || (applied !== undefined && applied >= newest);
}
