// The live channel, `GET /api/ws?token=…`: a WebSocket per browser tab, authenticated by its access token,
// closed with code 4001 when that token expires so the client reconnects with a fresh one.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticateToken } from '../plugins/authenticate';

export const tokenExpiredCloseCode = 4001;
const heartbeatMs = 30_000;

export async function liveRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { hub } = app.context;
  const tokenExpiries = new WeakMap<object, number>();

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true, querystring: z.object({ token: z.string().max(4096).optional() }) },
      preValidation: async (request) => {
        const { principal, expiresAt } = await authenticateToken(app, request.query.token);
        request.principal = principal;
        tokenExpiries.set(request, expiresAt);
      },
    },
    (socket, request) => {
      hub.attach(request.principal.user.id, socket);

      const untilExpiry = (tokenExpiries.get(request) ?? 0) * 1000 - Date.now();
      const expiry = setTimeout(
        () => socket.close(tokenExpiredCloseCode, 'Access token expired'),
        untilExpiry,
      );
      let alive = true;
      socket.on('pong', () => (alive = true));
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, heartbeatMs);
      socket.once('close', () => {
        clearTimeout(expiry);
        clearInterval(heartbeat);
      });
    },
  );
}
