// Maps every error to `{ detail, errors? }`: typed errors and client mistakes keep their 4xx, the rest is a
// logged 500 that reveals nothing.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '../../contract/common';
import { HttpError, InvalidFields, TooManyRequests } from '../errors';

export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof InvalidFields) {
      return reply.code(400).send({ detail: error.detail, errors: error.errors });
    }
    if (error instanceof TooManyRequests) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.detail });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorResponse = {
        detail: 'Invalid request',
        errors: error.validation.map((issue) => ({
          path: [error.validationContext, issue.instancePath.replace(/^\//, '').replaceAll('/', '.')]
            .filter(Boolean)
            .join('.'),
          message: issue.message ?? 'Invalid value',
        })),
      };
      return reply.code(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
});

/**
 * Errors the router raises before any route or hook runs (a path that is not valid percent-encoding, a
 * parameter too long): the same `{ detail }` format, with the status Fastify gives them.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // No hook runs for these, so the headers every API answer gets are set here.
  return reply
    .code(status)
    .headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
    .send({ detail: 'The request path is not valid' });
}
