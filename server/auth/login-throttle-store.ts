// Login throttling: 10 attempts for one account and address within a minute lock that pair for 5 minutes; a
// successful login clears the count. Kept in the database so that every server instance counts the same
// attempts, and counted before the password is checked, in one statement, so that simultaneous guesses cannot
// all slip in before the lock.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginThrottles } from '../db/schema';

export const loginThrottle = { maxAttempts: 10, windowSeconds: 60, lockSeconds: 300 } as const;

export const throttleKey = (email: string, address: string): string => `${email.toLowerCase()}|${address}`;

/**
 * Counts one login attempt and resolves to how many seconds the key is locked (0: go on and check the password).
 * One upsert: the row lock it takes makes concurrent attempts count one after another. A running lock is kept
 * as it is, not extended by the attempts it refuses. (The `failures` column holds the attempts in the window.)
 */
export async function recordLoginAttempt(db: Database, key: string): Promise<number> {
  const { maxAttempts, windowSeconds, lockSeconds } = loginThrottle;
  const row = loginThrottles;
  const locked = sql`coalesce(${row.lockedUntil} > now(), false)`;
  const windowExpired = sql`${row.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const attempts = sql`case when ${windowExpired} then 1 else ${row.failures} + 1 end`;
  const [counted] = await db
    .insert(row)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: row.key,
      set: {
        failures: sql`case when ${locked} then ${row.failures} else ${attempts} end`,
        windowStartedAt: sql`case when ${locked} or not ${windowExpired} then ${row.windowStartedAt} else now() end`,
        lockedUntil: sql`case
          when ${locked} then ${row.lockedUntil}
          when ${attempts} > ${maxAttempts} then now() + make_interval(secs => ${lockSeconds})
          else null end`,
      },
    })
    .returning({ lockedUntil: row.lockedUntil });
  const remainingMs = counted?.lockedUntil ? counted.lockedUntil.getTime() - Date.now() : 0;
  return Math.max(0, Math.ceil(remainingMs / 1000));
}

export async function clearLoginAttempts(db: Database, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
