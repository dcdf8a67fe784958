// The dashboards API: the options of the home filter bar, and the graphs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../contract/common';
import { filterOptionsQuerySchema, filterOptionsSchema } from '../../contract/dashboards';
import { graphRoutes } from './graph-routes';
import { findFilterOptions } from './store';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { readDb } = app.context;
  await app.register(graphRoutes);

  app.get(
    '/dashboards/filters',
    {
      config: { apiKeyScope: 'dashboards:read' },
      schema: {
        operationId: 'getFilterOptions',
        tags: ['dashboards'],
        querystring: filterOptionsQuerySchema,
        response: { 200: filterOptionsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const { query } = request;
      return findFilterOptions(readDb, request.principal.user, {
        withCampaigns: query.get_campaigns_filter,
        withMetadata: query.get_metadata_filter,
        campaignsQuery: {
          q: query.campaigns_q,
          startAfter: query.campaigns_start_after,
          limit: query.campaigns_limit,
        },
      });
    },
  );
}
