// Access tokens: short-lived HS256 JWTs naming the user, and the acting admin (RFC 8693 `act`) when impersonated.
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Database } from '../db/client';
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

/** The configured secret, or else one generated at first start and kept in the database for every instance. */
export async function loadSigningSecret(db: Database, configured: string | undefined): Promise<string> {
  return configured || storedSigningKey(db);
}

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    async issue(userId, actorId) {
      const jwt = new SignJWT(actorId ? { act: { sub: actorId } } : {})
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`);
      return jwt.sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'] });
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
    },
  };
}
