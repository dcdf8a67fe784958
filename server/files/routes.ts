// Stored files through signed URLs (`GET /api/files/{key}?expires=&signature=`): public, the URL is the
// permission, so an <img> loads a logo without a bearer token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/common';
import { Forbidden, NotFound } from '../errors';
import { fileKeyPattern, mediaTypeOfKey } from '../storage/files';

/**
 * Nothing in a served file may run or load anything (an SVG is a document a browser can open), nor may another
 * site embed it as a frame; inline styles stay, as SVG images use them.
 */
const fileSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
};

export async function fileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { files, fileUrls } = app.context;

  app.get(
    '/files/:key',
    {
      schema: {
        operationId: 'getFile',
        tags: ['files'],
        security: [],
        params: z.object({ key: z.string().regex(fileKeyPattern) }),
        // A link without its signature is refused like a forged one (403), not as malformed input.
        querystring: z.object({
          expires: z.coerce.number().int().default(0),
          signature: z.string().max(128).default(''),
        }),
        response: {
          // The file's bytes, sent as they are: Fastify serialises no Buffer.
          200: z.unknown().meta({ description: 'The file, with its media type' }),
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { expires, signature } = request.query;
      if (!fileUrls.verify(key, expires, signature)) {
        throw new Forbidden('This file link is invalid or has expired');
      }
      const body = await files.get(key);
      const mediaType = mediaTypeOfKey(key);
      if (!body || !mediaType) throw new NotFound('File');
      // A key's content never changes (a new upload gets a new key), so it may be kept until the link expires.
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      return reply
        .headers(fileSecurityHeaders)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .type(mediaType)
        .send(body);
    },
  );
}
