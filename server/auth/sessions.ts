// Refresh-token sessions: a login starts a family; each refresh rotates the token; reusing a rotated token
// revokes the whole family, because it means the token leaked (OAuth 2.0 Security BCP §4.14).
import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { sessions } from '../db/schema';
import { hashSecretToken, newSecretToken } from './secret-tokens';

export interface IssuedSession {
  userId: string;
  refreshToken: string;
}

export async function startSession(db: Database, userId: string, ttlSeconds: number): Promise<IssuedSession> {
  const refreshToken = newSecretToken();
  await db.insert(sessions).values({
    id: newId(),
    userId,
    familyId: newId(),
    tokenHash: hashSecretToken(refreshToken),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return { userId, refreshToken };
}

/**
 * A refresh token is current while it is unrotated, unrevoked and unexpired, and no token of its login has been
 * revoked. The family check is what makes a reuse final in every interleaving: a token issued by a rotation
 * that committed just after the family was revoked is dead too, as its family holds a revoked row.
 */
const isCurrent = (now: Date) =>
  and(
    isNull(sessions.rotatedAt),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    sql`not exists (select 1 from ${sessions} as family
      where family.family_id = ${sessions.familyId} and family.revoked_at is not null)`,
  );

/**
 * How long after a rotation the same refresh request may be retried. A browser that leaves a page while its
 * refresh is on the wire never receives the new cookie, and its next page presents the rotated token again.
 */
export const refreshRetryWindowMs = 60_000;

/**
 * Exchanges a refresh token for a new one, or resolves to null (unknown, expired, revoked or reused).
 *
 * `retryKey` is the request's idempotency key. Presenting a rotated token again is theft, except when it comes
 * with the key of the request that rotated it, within the retry window, and what that rotation issued is still
 * unused: that is the same request retried after its answer was lost, and it rotates that unused successor.
 */
export async function rotateSession(
  db: Database,
  refreshToken: string,
  ttlSeconds: number,
  retryKey?: string,
): Promise<IssuedSession | null> {
  const keyHash = retryKey === undefined ? null : hashSecretToken(retryKey);
  const rotated = await rotate(
    db,
    eq(sessions.tokenHash, hashSecretToken(refreshToken)),
    keyHash,
    ttlSeconds,
  );
  if (rotated) return rotated;

  const [presented] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSecretToken(refreshToken)));
  if (!presented?.rotatedAt) return null;
  const unusedSuccessor = keyHash === null ? null : await unusedSuccessorFor(db, presented, keyHash);
  const retried =
    unusedSuccessor && (await rotate(db, eq(sessions.id, unusedSuccessor), keyHash, ttlSeconds));
  if (retried) return retried;
  // A known token of a live login was used twice, which means it leaked: end that login.
  await revokeFamily(db, presented.familyId);
  return null;
}

/**
 * One step: claim the token (only one caller can flip rotated_at from null) and issue its successor, in one
 * transaction, so the successor exists as soon as the claim is visible to a concurrent reuse.
 */
async function rotate(
  db: Database,
  token: SQL,
  keyHash: string | null,
  ttlSeconds: number,
): Promise<IssuedSession | null> {
  const now = new Date();
  const next = newSecretToken();
  const successorId = newId();
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(sessions)
      .set({ rotatedAt: now, successorId, rotationKeyHash: keyHash })
      .where(and(token, isCurrent(now)))
      .returning({ userId: sessions.userId, familyId: sessions.familyId });
    if (!row) return null;
    await tx.insert(sessions).values({
      id: successorId,
      userId: row.userId,
      familyId: row.familyId,
      tokenHash: hashSecretToken(next),
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
    return row;
  });
  return claimed && { userId: claimed.userId, refreshToken: next };
}

/**
 * The token a retry of `presented` may rotate: the end of the chain of rotations made with the same key within
 * the window (a retry may be lost too), provided nothing else rotated it.
 */
async function unusedSuccessorFor(
  db: Database,
  presented: typeof sessions.$inferSelect,
  keyHash: string,
): Promise<string | null> {
  const oldest = Date.now() - refreshRetryWindowMs;
  let link = presented;
  while (
    link.rotationKeyHash === keyHash &&
    link.successorId &&
    link.rotatedAt &&
    link.rotatedAt.getTime() >= oldest
  ) {
    const [successor] = await db.select().from(sessions).where(eq(sessions.id, link.successorId));
    if (!successor) return null;
    if (!successor.rotatedAt) return successor.id;
    link = successor;
  }
  return null;
}

/** The user of a refresh token that is still current, without rotating it. */
export async function findSessionUser(db: Database, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashSecretToken(refreshToken)), isCurrent(new Date())));
  return row?.userId ?? null;
}

/** Ends the login a refresh token belongs to, whatever the state of that token. */
export async function endSession(db: Database, refreshToken: string): Promise<void> {
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSecretToken(refreshToken)));
  if (row) await revokeFamily(db, row.familyId);
}

async function revokeFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}
