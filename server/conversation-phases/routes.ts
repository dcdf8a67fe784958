// The conversation phases API: a campaign's phases, read by its readers and replaced by those who may edit its
// settings, and the phases' graph: per phase, how long it lasts on average in the conversations the caller reads.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParamsSchema } from '../../contract/common';
import {
  campaignPhasesSavedSchema,
  campaignPhasesSchema,
  phasesAverageDurationSchema,
  updateCampaignPhasesSchema,
} from '../../contract/conversation-phases';
import { graphQuerySchema } from '../../contract/dashboards';
import { findCampaign } from '../campaigns/store';
import { assertGraphScope } from '../dashboards/graphs/scope-store';
import { assertCampaignPermission, assertCanReadCampaign } from '../domain/access/campaigns';
import { findPhasesAverageDuration } from './store';
import { replaceCampaignPhases } from './service';
import { phasesInSettings } from '../domain/conversation-phases';

export async function conversationPhaseRoutes(fastify: FastifyInstance) {
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

  app.get(
    '/dashboards/graphs/phases/average-duration',
    {
      config: { apiKeyScope: 'dashboards:read' },
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
