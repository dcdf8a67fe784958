// Authentication's SQL: the account behind a token or a session, and the token signing key kept for every instance.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets, users } from '../db/schema';

const signingKeyName = 'access-token-signing-key';

/** The user with this id, whatever their status; undefined when there is none. */
export async function findAccount(db: Database, id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** The signing key generated at first start, stored once so that every instance signs with the same one. */
export async function storedSigningKey(db: Database): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name: signingKeyName, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, signingKeyName));
  if (!row) throw new Error('The token signing key could not be stored');
  return row.value;
}
