// Turns an access token into the request's principal, or refuses: 401 for a missing, expired or forged token,
// 401 NeedsInvitation when the identity has no active access. A token that is an API key (`qm_…`) is handed to
// the authentication the app gives (server/api-keys/authenticate.ts), which infrastructure does not import.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../contract/api-keys';
import type { Principal } from '../domain/access/principal';
import { NeedsInvitation, Unauthenticated } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
  }
  interface FastifyContextConfig {
    /** The API key scope that opens the route to keys (decision 0227); closed to keys when absent. */
    apiKeyScope?: ApiKeyScope;
  }
}

export interface Authentication {
  principal: Principal;
  /** When the access token expires, in unix seconds. */
  expiresAt: number;
}

export async function authenticateToken(
  app: FastifyInstance,
  token: string | undefined,
): Promise<Authentication> {
  if (!token) throw new Unauthenticated('Missing access token');
  const claims = await app.context.tokens.verify(token);
  if (!claims) throw new Unauthenticated('Invalid or expired access token');
  const { principals } = app.context;
  const user = await principals.account(claims.userId);
  if (!user || user.status !== 'active') throw new NeedsInvitation();
  if (claims.actorId) {
    const actor = await principals.account(claims.actorId);
    if (!actor?.isAdmin || actor.status !== 'active') {
      throw new Unauthenticated('The acting administrator no longer has access');
    }
    return { principal: { user, actorId: claims.actorId, actor }, expiresAt: claims.expiresAt };
  }
  return { principal: { user, actorId: null }, expiresAt: claims.expiresAt };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Authenticates a request whose bearer token is an API key: its principal, or a typed refusal. */
export type ApiKeyAuthentication = (request: FastifyRequest, key: string) => Promise<Principal>;

/** The prefix of every API key, which no access token (a JWT) starts with. */
export const apiKeyTokenPrefix = 'qm_';

/** The methods that only read: their answers wait for no change to be heard. */
const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requires a valid access token on every route registered in the calling scope. The answer to a change waits
 * until this instance's principal cache has heard every change committed so far, so that the caller's next request
 * sees it (a user just disabled is refused, a member just removed no longer reads the campaign).
 */
export async function requireBearer(app: FastifyInstance, apiKeys: ApiKeyAuthentication) {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    request.principal = token?.startsWith(apiKeyTokenPrefix)
      ? await apiKeys(request, token)
      : (await authenticateToken(app, token)).principal;
  });
  // Synchronous for the reads, which wait for nothing: an async hook costs every request a promise.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (readOnlyMethods.has(request.method)) done(null, payload);
    else app.context.principals.settle().then(() => done(null, payload), done);
  });
}
