// Authentication's SQL: the token signing key kept for every instance.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { serverSecrets } from '../db/schema';

const signingKeyName = 'access-token-signing-key';

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
