// Stored files through signed URLs (`GET /api/files/{key}?expires=&signature=`): public, the URL is the
// permission, so an <img> loads a logo and an <audio> a recording without a bearer token. Streamed, with byte
// ranges, so a player can seek in a long call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../contract/common';
import { Forbidden, NotFound } from '../errors';
import { fileKeyPattern, mediaTypeOfKey } from '../storage/files';
import { byteRangeOf } from './byte-range';

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
          // The file's bytes, streamed as they are: Fastify serialises no stream.
          200: z.unknown().meta({ description: 'The file, with its media type' }),
          206: z.unknown().meta({ description: 'The byte range asked for (Range: bytes=…)' }),
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          416: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { expires, signature } = request.query;
      if (!fileUrls.verify(key, expires, signature)) {
        throw new Forbidden('This file link is invalid or has expired');
      }
      const size = await files.size(key);
      const mediaType = mediaTypeOfKey(key);
      if (size === null || !mediaType) throw new NotFound('File');
      const answer = byteRangeOf(request.headers.range, size);
      if (answer.kind === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${size}`)
          .send({ detail: 'The requested range is not within the file' });
      }
      // A key's content never changes (a new upload gets a new key), so it may be kept until the link expires.
      const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
      reply
        .headers(fileSecurityHeaders)
        .header('cache-control', `private, max-age=${maxAge}, immutable`)
        .header('accept-ranges', 'bytes')
        .type(mediaType);
      if (answer.kind === 'range') {
        const { start, end } = answer.range;
        return reply
          .code(206)
          .header('content-range', `bytes ${start}-${end}/${size}`)
          .header('content-length', end - start + 1)
          .send(files.stream(key, answer.range));
      }
      return reply.header('content-length', size).send(files.stream(key));
    },
  );
}
