// The conversation phases' graph: per phase, how long it lasts on average in the conversations the caller reads.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/common';
import { phasesAverageDurationSchema } from '../../../contract/conversation-phases';
import { graphQuerySchema } from '../../../contract/dashboards';
import { assertGraphScope } from '../graphs/scope-store';
import { findPhasesAverageDuration } from './store';

export async function phaseGraphRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  app.get(
    '/dashboards/graphs/phases/average-duration',
    {
      schema: {
        operationId: 'getPhasesAverageDuration',
        tags: ['dashboards'],
        querystring: graphQuerySchema,
        response: { 200: phasesAverageDurationSchema, ...errorResponses },
      },
    },
    async (request) =>
      findPhasesAverageDuration(db, await assertGraphScope(db, request.principal, request.query)),
  );
}
