// A campaign's conversation phases: read by its readers, replaced by those who may edit its settings.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParamsSchema } from '../../../contract/common';
import {
  campaignPhasesSavedSchema,
  campaignPhasesSchema,
  updateCampaignPhasesSchema,
} from '../../../contract/conversation-phases';
import { assertCampaignPermission, assertCanReadCampaign } from '../../domain/access/campaigns';
import { findCampaign } from '../store';
import { replaceCampaignPhases } from './service';
import { phasesInSettings } from './store';

export async function campaignPhaseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pipeline } = app.context;

  app.get(
    '/campaigns/:id/conversation-phases',
    {
      schema: {
        operationId: 'getCampaignConversationPhases',
        tags: ['campaigns'],
        params: idParamsSchema,
        response: { 200: campaignPhasesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanReadCampaign(request.principal, campaign, campaign.membership);
      return { phases: phasesInSettings(campaign.settings) };
    },
  );

  app.put(
    '/campaigns/:id/conversation-phases',
    {
      schema: {
        operationId: 'replaceCampaignConversationPhases',
        tags: ['campaigns'],
        params: idParamsSchema,
        body: updateCampaignPhasesSchema,
        response: { 200: campaignPhasesSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCampaignPermission(request.principal, campaign, campaign.membership, 'can_edit_settings');
      return replaceCampaignPhases({ db, pipeline }, campaign, request.body.phases);
    },
  );
}
