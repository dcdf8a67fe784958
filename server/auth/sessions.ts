// Refresh-token sessions: a login starts a family; each refresh rotates the token; reusing a rotated token
// revokes the whole family, because it means the token leaked (OAuth 2.0 Security BCP §4.14).
import { and, eq, gt, isNull } from 'drizzle-orm';
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

/** Exchanges a refresh token for a new one, or resolves to null (unknown, expired, revoked or reused). */
export async function rotateSession(
  db: Database,
  refreshToken: string,
  ttlSeconds: number,
): Promise<IssuedSession | null> {
  const now = new Date();
  const [current] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSecretToken(refreshToken)));
  if (!current || current.revokedAt || current.expiresAt <= now) return null;

  // Only one caller can flip rotated_at from null: that one wins, any other is a reuse.
  const [claimed] = await db
    .update(sessions)
    .set({ rotatedAt: now })
    .where(and(eq(sessions.id, current.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (!claimed) {
    await revokeFamily(db, current.familyId);
    return null;
  }

  const next = newSecretToken();
  await db.insert(sessions).values({
    id: newId(),
    userId: current.userId,
    familyId: current.familyId,
    tokenHash: hashSecretToken(next),
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return { userId: current.userId, refreshToken: next };
}

/** The user of a refresh token that is still current, without rotating it. */
export async function findSessionUser(db: Database, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, hashSecretToken(refreshToken)),
        isNull(sessions.rotatedAt),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    );
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
