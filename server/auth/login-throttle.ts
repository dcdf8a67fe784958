// Login throttling: 10 failures for one account and address within a minute lock that pair for 5 minutes.
// Kept in the database so that every server instance counts the same failures.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginThrottles } from '../db/schema';

export const loginThrottle = { maxFailures: 10, windowSeconds: 60, lockSeconds: 300 } as const;

export const throttleKey = (email: string, address: string): string => `${email.toLowerCase()}|${address}`;

/** How many seconds the key stays locked; 0 when it is not. */
export async function secondsLocked(db: Database, key: string): Promise<number> {
  const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key));
  const remainingMs = row?.lockedUntil ? row.lockedUntil.getTime() - Date.now() : 0;
  return Math.max(0, Math.ceil(remainingMs / 1000));
}

export async function recordLoginFailure(db: Database, key: string): Promise<void> {
  const { maxFailures, windowSeconds, lockSeconds } = loginThrottle;
  const windowExpired = sql`${loginThrottles.windowStartedAt} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, failures: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${windowExpired} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowExpired} then now() else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottles.failures });
  if (row && row.failures >= maxFailures) {
    await db
      .update(loginThrottles)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`, failures: 0 })
      .where(eq(loginThrottles.key, key));
  }
}

export async function clearLoginFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
