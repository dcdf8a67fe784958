// Refuses, before its input is read, a caller a route can never serve: a route names in its config the audience
// that could ever succeed on it (domain/access/audience), and anyone else gets 403 whatever they send, so a bad
// body or query never tells them the route's schema.
import type { FastifyInstance } from 'fastify';
import type { RouteAudience } from '../domain/access/audience';
import { Forbidden } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who could ever succeed on the route; everyone when absent. */
    audience?: RouteAudience;
  }
}

/** In the authenticated scope, after the token's check: onRequest, so before any body is parsed or validated. */
export async function refuseOutsideAudience(app: FastifyInstance) {
  // Synchronous, as it runs on every request: an async hook costs a promise and turns of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    const { audience } = request.routeOptions.config;
    done(
      audience && !audience.includes(request.principal.user) ? new Forbidden(audience.refusal) : undefined,
    );
  });
}
