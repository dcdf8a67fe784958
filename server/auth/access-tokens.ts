// Access tokens: short-lived HS256 JWTs naming the user, and the acting admin (RFC 8693 `act`) when impersonated.
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Database } from '../db/client';
import { expiringCache } from '../plugins/expiring-cache';
import { storedSigningKey } from './store';

const issuer = 'quality-monitoring/auth';
const audience = 'quality-monitoring/api';

const isUuid = (value: unknown): value is string => z.uuid().safeParse(value).success;

export interface AccessTokenClaims {
  userId: string;
  /** The admin acting as `userId`, when the token came from a token exchange. */
  actorId: string | null;
  expiresAt: number;
}

export interface AccessTokens {
  ttlSeconds: number;
  issue(userId: string, actorId?: string): Promise<string>;
  /** Resolves to the claims, or to null for a missing, expired or forged token. */
  verify(token: string): Promise<AccessTokenClaims | null>;
}

export interface AccessTokensOptions {
  /** Tokens whose claims are kept once verified (a client sends the same token with every request). */
  verifiedCapacity?: number;
  now?: () => number;
}

/** The configured secret, or else one generated at first start and kept in the database for every instance. */
export async function loadSigningSecret(db: Database, configured: string | undefined): Promise<string> {
  return configured || storedSigningKey(db);
}

export function createAccessTokens(
  secret: string,
  ttlSeconds: number,
  { verifiedCapacity = 10_000, now = Date.now }: AccessTokensOptions = {},
): AccessTokens {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change: checking them once per token, not per request, saves the HMAC
  // that was an eighth of a list request's CPU. A token is found here only if it was verified exactly as sent.
  const verified = expiringCache<AccessTokenClaims>({
    ttlMs: ttlSeconds * 1000,
    capacity: verifiedCapacity,
    now,
  });

  async function verifySignatureAndClaims(token: string): Promise<AccessTokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer,
        audience,
        algorithms: ['HS256'],
        currentDate: new Date(now()),
      });
      const act = payload.act as { sub?: unknown } | undefined;
      // The subject and actor are user ids: anything else was never issued here, whatever the signature.
      if (!isUuid(payload.sub) || typeof payload.exp !== 'number') return null;
      if (act !== undefined && !isUuid(act.sub)) return null;
      return {
        userId: payload.sub,
        actorId: act ? (act.sub as string) : null,
        expiresAt: payload.exp,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  return {
    ttlSeconds,
    async issue(userId, actorId) {
      const jwt = new SignJWT(actorId ? { act: { sub: actorId } } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(Math.floor(now() / 1000))
        .setExpirationTime(Math.floor(now() / 1000) + ttlSeconds);
      return jwt.sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return known.expiresAt * 1000 > now() ? known : null;
      const claims = await verifySignatureAndClaims(token);
      if (claims) verified.set(token, claims);
      return claims;
    },
  };
}
