// Serves the built browser app from dist/; any other unknown path answers index.html for a client-side route
// (a GET outside /api and /auth without a file extension) and a JSON 404 otherwise.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const webAppDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

const isClientRoute = (url: string) => !/^\/(api|auth)(\/|$|\?)/.test(url) && !/^[^?]*\.\w+($|\?)/.test(url);

export const webApp = fp(async (app: FastifyInstance) => {
  const built = existsSync(path.join(webAppDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: webAppDir, index: false, wildcard: false });
  } else {
    app.log.warn(`No built web app in ${webAppDir}: run "npm run build"`);
  }

  app.setNotFoundHandler((request, reply) => {
    if (built && request.method === 'GET' && isClientRoute(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
});
