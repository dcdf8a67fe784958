// The validation statistics API: per item of campaigns' grids, how often the answers of validated conversations
// stayed the engine's (for the graphs' readers), and one item's history of people's changes across a campaign's
// conversations (for its readers; agents see only their own conversations).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, pageQuerySchema } from '../../contract/common';
import { graphQuerySchema } from '../../contract/dashboards';
import { evaluationItemParamsSchema } from '../../contract/evaluations';
import { evaluationItemUpdatesPageSchema, validationStatsSchema } from '../../contract/validation-stats';
import { findCampaign } from '../campaigns/store';
import { assertGraphScope } from '../dashboards/graphs/scope-store';
import { assertCanReadCampaign } from '../domain/access/campaigns';
import { agentScope } from '../domain/access/conversations';
import { findValidationStats, listItemUpdates } from './store';

export async function validationStatsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  app.get(
    '/dashboards/graphs/evaluations/items/validation-stats',
    {
      config: { apiKeyScope: 'dashboards:read' },
      schema: {
        operationId: 'getValidationStats',
        tags: ['dashboards'],
        querystring: graphQuerySchema,
        response: { 200: validationStatsSchema, ...errorResponses },
      },
    },
    async (request) => findValidationStats(db, await assertGraphScope(db, request.principal, request.query)),
  );

  app.get(
    '/dashboards/graphs/campaigns/:id/evaluation-items/:itemId/updates',
    {
      schema: {
        operationId: 'listEvaluationItemUpdates',
        tags: ['evaluations'],
        params: evaluationItemParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: evaluationItemUpdatesPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { principal } = request;
      const campaign = await findCampaign(db, request.params.id, principal.user.id);
      assertCanReadCampaign(principal, campaign, campaign.membership);
      return listItemUpdates(db, {
        campaignId: campaign.id,
        itemId: request.params.itemId,
        agentId: agentScope(principal.user),
        startAfter: request.query.start_after,
        limit: request.query.limit,
      });
    },
  );
}
