// The golden-set check API: those who may edit a campaign's settings check a draft of its grid against the
// campaign's validated conversations before publishing it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import { publishEvaluationGridSchema } from '../../contract/evaluation-grids';
import { goldenSetCheckSchema } from '../../contract/golden-set-check';
import { findCampaign } from '../campaigns/store';
import { assertCampaignPermission } from '../domain/access/campaigns';
import { findGrid } from '../evaluation-grids/store';
import { checkGoldenSet } from './service';

const tags = ['evaluation-grids'];

export async function goldenSetCheckRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  app.post(
    '/evaluation-grids/:id/golden-set-check',
    {
      schema: {
        operationId: 'checkEvaluationGridGoldenSet',
        description:
          "Runs a draft of the grid (as it would be published) and its current version by rules on the campaign's " +
          'validated conversations (the most recently validated, at most `limit`) and gives, per item, how often ' +
          'each agrees with the final answers people validated. Stores nothing.',
        tags,
        params: idParamsSchema,
        body: publishEvaluationGridSchema,
        response: { 200: goldenSetCheckSchema, ...errorResponses, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const grid = await findGrid(db, request.params.id);
      const campaign = await findCampaign(db, grid.campaignId, request.principal.user.id);
      assertCampaignPermission(request.principal, campaign, campaign.membership, 'can_edit_settings');
      return checkGoldenSet(db, grid, request.body);
    },
  );
}
