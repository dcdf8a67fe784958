// Authenticates a request made with an API key (decision 0227): a live key of its organisation, holding the scope
// the route names, within its rate limit; it then acts with its creator's access narrowed to the key's
// organisation (never an admin's reach across organisations). Every use of a write scope is logged.
import type { FastifyInstance } from 'fastify';
import { apiKeyWriteScopes } from '../../contract/values/api-keys';
import { principalSource } from '../audit-log/source';
import { recordAuditEntry } from '../audit-log/store';
import { assertApiKeyScope } from '../domain/access/api-keys';
import { TooManyRequests, Unauthenticated } from '../errors';
import type { ApiKeyAuthentication } from '../plugins/authenticate';
import { hashApiKeySecret } from './secret';
import { useApiKey } from './store';

export function apiKeyAuthentication(app: FastifyInstance): ApiKeyAuthentication {
  const { db, principals, config } = app.context;
  return async (request, secret) => {
    const key = await useApiKey(db, hashApiKeySecret(secret));
    if (!key) throw new Unauthenticated('Invalid, expired or revoked API key');
    assertApiKeyScope(key.scopes, request.routeOptions.config.apiKeyScope);
    if (key.windowRequests > config.apiKeyRequestsPerMinute) {
      throw new TooManyRequests(
        `This API key made more than ${config.apiKeyRequestsPerMinute} requests in a minute`,
        key.windowSecondsLeft,
      );
    }
    const creator = await principals.account(key.createdBy);
    if (!creator || creator.status !== 'active') {
      throw new Unauthenticated('The creator of this API key no longer has access');
    }
    return {
      user: { ...creator, isAdmin: false, organisationId: key.organisationId },
      actorId: null,
      apiKey: { id: key.id, name: key.name, organisationId: key.organisationId, scopes: key.scopes },
    };
  };
}

/**
 * Writes an audit entry for every request a key makes on a route of a write scope, whatever its answer, before
 * that answer leaves (so a client that reads the log next finds it).
 */
export function auditApiKeyWrites(app: FastifyInstance) {
  const { db } = app.context;
  app.addHook('onSend', async (request, reply, payload) => {
    const apiKey = request.principal?.apiKey;
    const scope = request.routeOptions.config.apiKeyScope;
    if (!apiKey || !scope || !apiKeyWriteScopes.includes(scope)) return payload;
    await recordAuditEntry(db, principalSource(request), {
      organisationId: apiKey.organisationId,
      action: 'api_key.write_used',
      target: { type: 'api_key', id: apiKey.id },
      details: { scope, method: request.method, route: request.routeOptions.url, status: reply.statusCode },
    });
    return payload;
  });
}
