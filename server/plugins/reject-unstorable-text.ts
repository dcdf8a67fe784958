// Refuses any request whose decoded input PostgreSQL cannot store as text (a NUL character, a lone UTF-16
// surrogate) or that nests deeper than any request of the API: such text would otherwise reach the database and
// fail there, and such nesting any recursive reader after it. One check for every route and every body parser.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unstorableInputDetail } from '../../contract/storable-text';
import { Invalid } from '../errors';

/** Whether a decoded value (string, array or plain object, keys included) holds anything the check refuses. */
export const holdsUnstorableText = (value: unknown): boolean => unstorableInputDetail(value) !== undefined;

/** Throws `Invalid` with the reason when a decoded value holds anything the check refuses. */
export function assertStorableInput(value: unknown): void {
  const detail = unstorableInputDetail(value);
  if (detail) throw new Invalid(detail);
}

export const rejectUnstorableText = fp(async (app: FastifyInstance) => {
  // preValidation: after every content-type parser (JSON, forms) and before any schema or handler.
  // Synchronous, as it runs on every request: an async hook costs a promise and turns of the microtask queue.
  app.addHook('preValidation', (request, _reply, done) => {
    const detail = [request.params, request.query, request.body]
      .map(unstorableInputDetail)
      .find((found) => found !== undefined);
    done(detail === undefined ? undefined : new Invalid(detail));
  });
});
