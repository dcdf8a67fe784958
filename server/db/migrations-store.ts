// What the database says of its migrations: when the newest one it has applied was written (drizzle's own table).
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const rowsOf = async <Row>(result: Promise<unknown>) => ((await result) as { rows: Row[] }).rows;

/** The `when` of the newest migration applied (drizzle stores it as `created_at`); none on a database never migrated. */
export async function newestAppliedMigration(db: Database): Promise<number | undefined> {
  const [table] = await rowsOf<{ exists: boolean }>(
    db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`),
  );
  if (!table?.exists) return undefined;
  const [newest] = await rowsOf<{ createdAt: string | null }>(
    db.execute(sql`select max(created_at)::text as "createdAt" from drizzle.__drizzle_migrations`),
  );
  return newest?.createdAt ? Number(newest.createdAt) : undefined;
}
