// Refresh-token sessions: a login starts a family; each refresh rotates the token; reusing a rotated token
// revokes the whole family, because it means the token leaked (OAuth 2.0 Security BCP §4.14).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
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

/** Exchanges a refresh token for a new one, or resolves to null (unknown, expired, revoked or reused). */
export async function rotateSession(
  db: Database,
  refreshToken: string,
  ttlSeconds: number,
): Promise<IssuedSession | null> {
  const tokenHash = hashSecretToken(refreshToken);
  const now = new Date();
  const next = newSecretToken();
  // One step: claim the token (only one caller can flip rotated_at from null) and issue its successor, in one
  // transaction, so the successor exists as soon as the claim is visible to a concurrent reuse.
  const rotated = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(sessions)
      .set({ rotatedAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), isCurrent(now)))
      .returning({ userId: sessions.userId, familyId: sessions.familyId });
    if (!claimed) return null;
    await tx.insert(sessions).values({
      id: newId(),
      userId: claimed.userId,
      familyId: claimed.familyId,
      tokenHash: hashSecretToken(next),
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
    return claimed;
  });
  if (rotated) return { userId: rotated.userId, refreshToken: next };

  // Not current: a known token of a live login was used twice, which means it leaked: end that login.
  const [presented] = await db
    .select({ familyId: sessions.familyId, rotatedAt: sessions.rotatedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash));
  if (presented?.rotatedAt) await revokeFamily(db, presented.familyId);
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
