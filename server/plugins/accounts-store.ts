// The account behind an access token: read by the bearer plugin on every request and by the impersonation routes.
// It lives with the plugin because infrastructure imports no feature (tests/unit/architecture/feature-cycles.test.ts).
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';

/** The user with this id, whatever their status; undefined when there is none. */
export async function findAccount(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}
