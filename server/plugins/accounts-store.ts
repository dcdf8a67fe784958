// The account behind an access token: read by the bearer plugin (through the principal cache) and by the
// impersonation routes. It lives with the plugin because infrastructure imports no feature
// (tests/unit/architecture/feature-cycles.test.ts).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { users } from '../db/schema';

const accountById = preparedPerDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('find_account'),
);

/** The user with this id, whatever their status; undefined when there is none. */
export async function findAccount(db: Database, id: string) {
  const [user] = await accountById(db).execute({ id });
  return user;
}
