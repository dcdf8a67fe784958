// Serves the built browser app from dist/: the brotli or gzip copy made at build time when the browser accepts it,
// hashed /assets/* cached for a year, everything else revalidated. Any other unknown path answers index.html for a
// client-side route (a GET outside /api and /auth without a file extension) and a JSON 404 otherwise.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { projectDir } from '../project-dir';

export const webAppDir = path.join(projectDir, 'dist');

const immutableCacheControl = 'public, max-age=31536000, immutable';

const isClientRoute = (url: string) => !/^\/(api|auth)(\/|$|\?)/.test(url) && !/^[^?]*\.\w+($|\?)/.test(url);

export interface WebAppOptions {
  /** The built app; dist/ unless a test serves another. */
  root?: string;
}

export const webApp = fp(async (app: FastifyInstance, { root = webAppDir }: WebAppOptions) => {
  const built = existsSync(path.join(root, 'index.html'));
  // Vite names every file under assets/ by its content hash, so a URL there never changes meaning.
  const hashedAssetsDir = path.join(root, 'assets') + path.sep;
  if (built) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      preCompressed: true,
      // One route per file: the compressed copies are found beside their original, not requested by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, filePath) =>
        reply.header(
          'cache-control',
          filePath.startsWith(hashedAssetsDir) ? immutableCacheControl : 'no-cache',
        ),
    });
  } else {
    app.log.warn(`No built web app in ${root}: run "npm run build"`);
  }

  app.setNotFoundHandler((request, reply) => {
    // HEAD asks what GET would answer, headers only (sendFile leaves the body out for HEAD).
    const readsPage = request.method === 'GET' || request.method === 'HEAD';
    if (built && readsPage && isClientRoute(request.url)) return reply.sendFile('index.html');
    return reply.code(404).send({ detail: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
});
