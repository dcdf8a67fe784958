// Transaction-scoped advisory locks named by text: held until the transaction that takes them ends, across every
// instance sharing the database.
import { sql } from 'drizzle-orm';
import type { Database } from './client';

const lockKey = (name: string) => sql`hashtextextended(${name}, 0)`;

/** Waits for the lock `name`, then holds it until the transaction ends. */
export async function holdTransactionLock(db: Database, name: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${lockKey(name)})`);
}

/** Takes the lock `name` until the transaction ends; false, without waiting, when another transaction holds it. */
export async function tryTransactionLock(db: Database, name: string): Promise<boolean> {
  const result = (await db.execute(sql`select pg_try_advisory_xact_lock(${lockKey(name)}) as locked`)) as {
    rows: { locked: boolean }[];
  };
  return result.rows[0]?.locked === true;
}
