// Refresh-token sessions: a login starts a family; each refresh rotates the token; reusing a rotated token
// revokes the whole family, because it means the token leaked (OAuth 2.0 Security BCP §4.14).
//
// A refresh may carry an idempotency key. A browser that leaves a page while its refresh is on the wire never
// receives the answer (the new cookie), and its next page sends the same request again: same token, same key.
// The successor of a keyed rotation is derived from the token and the key (HMAC with the server's secret), so
// that retry, within a short window, is answered with the very token the lost answer carried, and changes nothing.
import { createHmac } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { sessions } from '../db/schema';
import { hashSecretToken, newSecretToken } from './secret-tokens';

/** How long after a keyed rotation the same request may be sent again. */
export const refreshRetryWindowMs = 60_000;

export interface IssuedSession {
  userId: string;
  refreshToken: string;
}

/** A refused refresh whose token had been used already, which ended its login: the audit log records it. */
export interface ReuseDetected {
  reuseOf: string;
}

export interface RefreshSessions {
  start(userId: string): Promise<IssuedSession>;
  /**
   * Exchanges a refresh token for its successor, or resolves to null (unknown, expired, revoked or a late
   * duplicate), or to the user whose login a reuse just ended. `key` is the request's idempotency key: the same
   * request sent again gets the same successor.
   */
  rotate(refreshToken: string, key?: string): Promise<IssuedSession | ReuseDetected | null>;
  /** The user of a refresh token that is still current, without rotating it. */
  userOf(refreshToken: string): Promise<string | null>;
  /** Ends the login a refresh token belongs to, whatever the state of that token; resolves to its user. */
  end(refreshToken: string): Promise<string | null>;
}

type SessionRow = typeof sessions.$inferSelect;

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

export function createRefreshSessions(db: Database, secret: string, ttlSeconds: number): RefreshSessions {
  const expiry = (from: Date) => new Date(from.getTime() + ttlSeconds * 1000);
  const successorOf = (token: string, key: string) =>
    createHmac('sha256', secret).update(`${token}\n${key}`).digest('base64url');
  const rowOf = async (token: string): Promise<SessionRow | undefined> =>
    (
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashSecretToken(token)))
    )[0];

  /**
   * One step: claim the token (only one caller can flip rotated_at from null) and issue its successor, in one
   * transaction, so the successor exists as soon as the claim is visible to a concurrent reuse.
   */
  async function claim(token: string, key: string | undefined): Promise<IssuedSession | null> {
    const now = new Date();
    const next = key === undefined ? newSecretToken() : successorOf(token, key);
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(sessions)
        .set({ rotatedAt: now, rotationKeyHash: key === undefined ? null : hashSecretToken(key) })
        .where(and(eq(sessions.tokenHash, hashSecretToken(token)), isCurrent(now)))
        .returning({ userId: sessions.userId, familyId: sessions.familyId });
      if (!row) return null;
      await tx.insert(sessions).values({
        id: newId(),
        userId: row.userId,
        familyId: row.familyId,
        tokenHash: hashSecretToken(next),
        expiresAt: expiry(now),
      });
      return { userId: row.userId, refreshToken: next };
    });
  }

  /**
   * The answer to `token` rotated by a request with `key` that is sent again: its successor, or the successor's
   * own successor when that was rotated with the same key too (its answer was lost as well), as long as it is
   * current. "stale" when another request has used the successor since: a late duplicate, refused without
   * ending the login its sender still holds. Null when this is not the same request.
   */
  async function answerAgain(
    row: SessionRow,
    token: string,
    key: string,
  ): Promise<IssuedSession | 'stale' | null> {
    const keyHash = hashSecretToken(key);
    const sameRequest = (link: SessionRow) =>
      link.rotationKeyHash === keyHash &&
      link.rotatedAt !== null &&
      Date.now() - link.rotatedAt.getTime() <= refreshRetryWindowMs;
    if (!sameRequest(row)) return null;
    let successor = successorOf(token, key);
    let next = await rowOf(successor);
    while (next && sameRequest(next)) {
      successor = successorOf(successor, key);
      next = await rowOf(successor);
    }
    const [current] = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, hashSecretToken(successor)), isCurrent(new Date())));
    return current ? { userId: current.userId, refreshToken: successor } : 'stale';
  }

  async function revokeFamily(familyId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
  }

  return {
    async start(userId) {
      const refreshToken = newSecretToken();
      await db.insert(sessions).values({
        id: newId(),
        userId,
        familyId: newId(),
        tokenHash: hashSecretToken(refreshToken),
        expiresAt: expiry(new Date()),
      });
      return { userId, refreshToken };
    },

    async rotate(token, key) {
      const rotated = await claim(token, key);
      if (rotated) return rotated;
      const row = await rowOf(token);
      if (!row?.rotatedAt) return null;
      const again = key === undefined ? null : await answerAgain(row, token, key);
      if (again === 'stale') return null;
      if (again) return again;
      // A known token of a live login was used twice, which means it leaked: end that login.
      await revokeFamily(row.familyId);
      return { reuseOf: row.userId };
    },

    async userOf(token) {
      const [row] = await db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hashSecretToken(token)), isCurrent(new Date())));
      return row?.userId ?? null;
    },

    async end(token) {
      const row = await rowOf(token);
      if (!row) return null;
      await revokeFamily(row.familyId);
      return row.userId;
    },
  };
}
