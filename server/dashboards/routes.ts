// The dashboards API: the options of the home filter bar.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common';
import { filterOptionsQuerySchema, filterOptionsSchema } from '../../contract/dashboards';
import { findFilterOptions } from './store';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  app.get(
    '/dashboards/filters',
    {
      schema: {
        operationId: 'getFilterOptions',
        tags: ['dashboards'],
        querystring: filterOptionsQuerySchema,
        response: { 200: filterOptionsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { get_campaigns_filter: withCampaigns, get_metadata_filter: withMetadata } = request.query;
      return findFilterOptions(db, request.principal.user, { withCampaigns, withMetadata });
    },
  );
}
