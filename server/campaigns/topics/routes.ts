// A campaign's topics: read by its readers, replaced by those who may edit its settings.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  campaignTopicsSavedSchema,
  campaignTopicsSchema,
  updateCampaignTopicsSchema,
} from '../../../contract/campaigns';
import { errorResponses, idParamsSchema } from '../../../contract/common';
import { assertCampaignPermission, assertCanReadCampaign } from '../../domain/access/campaigns';
import { findCampaign } from '../store';
import { replaceCampaignTopics } from './service';
import { topicsInSettings } from './store';

export async function campaignTopicRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pipeline } = app.context;

  app.get(
    '/campaigns/:id/topics',
    {
      schema: {
        operationId: 'getCampaignTopics',
        tags: ['campaigns'],
        params: idParamsSchema,
        response: { 200: campaignTopicsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanReadCampaign(request.principal, campaign, campaign.membership);
      return { topics: topicsInSettings(campaign.settings) };
    },
  );

  app.put(
    '/campaigns/:id/topics',
    {
      schema: {
        operationId: 'replaceCampaignTopics',
        tags: ['campaigns'],
        params: idParamsSchema,
        body: updateCampaignTopicsSchema,
        response: { 200: campaignTopicsSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCampaignPermission(request.principal, campaign, campaign.membership, 'can_edit_settings');
      return replaceCampaignTopics({ db, pipeline }, campaign, request.body.topics);
    },
  );
}
