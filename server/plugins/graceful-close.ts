// Closes gracefully: once the server closes, it accepts no new connection, requests already received are answered
// and each answer closes its connection (`Connection: close`), requests arriving on an open connection answer 503
// (Fastify's return503OnClosing), and only when nothing is in flight does the server close the keep-alive
// connections left idle. A keep-alive client so gets an answer to every request it sent before the signal, never
// a reset connection.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'node:net';

export const gracefulClose = fp(async (app: FastifyInstance) => {
  let closing = false;
  const inFlight = new Set<FastifyRequest>();
  let drained: (() => void) | undefined;
  const settle = (request: FastifyRequest) => {
    inFlight.delete(request);
    if (inFlight.size === 0) drained?.();
  };

  // Synchronous hooks, as they run on every request: an async one costs a promise and turns of the microtask queue.
  app.addHook('onRequest', (request, _reply, done) => {
    // A WebSocket leaves HTTP once upgraded; the live hub closes it with the server.
    if (request.headers.upgrade === undefined) inFlight.add(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    settle(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    settle(request);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // preClose runs before Fastify closes the server, which also closes every connection idle at that moment.
  app.addHook('preClose', async () => {
    closing = true;
    // Stop accepting first, without touching open connections (the HTTP server's own close would drop the idle
    // ones): a client that connects now is refused, rather than accepted and reset when the server stops.
    if (app.server.listening) Server.prototype.close.call(app.server);
    if (inFlight.size > 0) await new Promise<void>((resolve) => (drained = resolve));
  });
});
