// Refuses any request whose decoded text holds a NUL character (U+0000): PostgreSQL cannot store it in text,
// so it would otherwise reach the database and fail there. One check for every route and every body parser.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Invalid } from '../errors';

export const nulCharacterDetail = 'Text must not contain the NUL character (U+0000)';

/** Whether a decoded value (string, array or plain object, keys included) holds a NUL character anywhere. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    return Object.entries(value).some(([key, entry]) => key.includes('\u0000') || holdsNul(entry));
  }
  return false;
}

export const rejectNul = fp(async (app: FastifyInstance) => {
  // preValidation: after every content-type parser (JSON, forms) and before any schema or handler.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new Invalid(nulCharacterDetail);
    }
  });
});
