// The dashboards API: the options of the home filter bar, and the validation statistics of campaigns' items.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, errorResponseSchema } from '../../contract/common';
import {
  filterOptionsQuerySchema,
  filterOptionsSchema,
  graphQuerySchema,
  validationStatsSchema,
} from '../../contract/dashboards';
import { findCampaign } from '../campaigns/store';
import { assertCanReadCampaign } from '../domain/access/campaigns';
import { agentScope } from '../domain/access/conversations';
import type { Principal } from '../domain/access/principal';
import { graphRoutes } from './graph-routes';
import { findFilterOptions } from './store';
import { findValidationStats } from './validation-stats-store';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;
  await app.register(graphRoutes);

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
      const { query } = request;
      return findFilterOptions(db, request.principal.user, {
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
  /** Throws unless the principal reads every campaign (404 outside the organisation, 403 to a non-member). */
  async function assertReadsCampaigns(principal: Principal, campaignIds: string[]) {
    for (const id of new Set(campaignIds)) {
      const campaign = await findCampaign(db, id, principal.user.id);
      assertCanReadCampaign(principal, campaign, campaign.membership);
    }
  }

  app.get(
    '/dashboards/graphs/evaluations/items/validation-stats',
    {
      schema: {
        operationId: 'getValidationStats',
        tags: ['dashboards'],
        querystring: graphQuerySchema,
        response: { 200: validationStatsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { principal, query } = request;
      await assertReadsCampaigns(principal, query.campaigns);
      return findValidationStats(db, {
        campaignIds: [...new Set(query.campaigns)],
        start: query.startTs,
        end: query.endTs,
        agentIds: query.agents,
        onlyAgent: agentScope(principal.user),
      });
    },
  );
}
