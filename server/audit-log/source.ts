// Who acted and from where, read from a request: the signed-in user (or the API key), the client's address and
// user agent. An admin acting as another user is logged as the admin, with the user they acted as beside.
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../domain/access/principal';
import type { AuditSource } from './store';

const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'] ?? null;

/** The source of an action by someone not signed in yet (a sign-in, a refresh): the account when known. */
export function anonymousSource(request: FastifyRequest, user?: { id: string; name: string }): AuditSource {
  return {
    actor: { type: 'user', id: user?.id ?? null, name: user?.name ?? null },
    ip: request.ip,
    userAgent: userAgentOf(request),
  };
}

export function principalSource(
  request: FastifyRequest,
  principal: Principal = request.principal,
): AuditSource {
  const where = { ip: request.ip, userAgent: userAgentOf(request) };
  const { apiKey, actor, user } = principal;
  if (apiKey) return { actor: { type: 'api_key', id: apiKey.id, name: apiKey.name }, ...where };
  if (actor) {
    return {
      actor: { type: 'user', id: actor.id, name: actor.name },
      actingAs: { id: user.id, name: user.name },
      ...where,
    };
  }
  return { actor: { type: 'user', id: user.id, name: user.name }, ...where };
}

/** The source of the periodic work (the retention purge). */
export const systemSource: AuditSource = {
  actor: { type: 'system', id: null, name: 'Quality Monitoring' },
  ip: null,
  userAgent: null,
};
