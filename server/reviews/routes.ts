// The review queue's API: a campaign's sampling rules, read and written whole by the people who may edit the
// campaign's settings (owners, editors with the flag, admins); to anyone else they are refused like the settings.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParamsSchema } from '../../contract/common';
import { reviewRulesInputSchema, reviewRulesSchema } from '../../contract/reviews';
import { findCampaign } from '../campaigns/store';
import { assertCampaignPermission } from '../domain/access/campaigns';
import type { Principal } from '../domain/access/principal';
import { listReviewRules } from './rules-store';
import { toReviewRule, writeReviewRules } from './rules-service';

const tags = ['reviews'];

export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  /** The campaign, if the principal may edit its settings (404 when unreadable, 403 without the right). */
  async function settingsOf(principal: Principal, campaignId: string) {
    const campaign = await findCampaign(db, campaignId, principal.user.id);
    assertCampaignPermission(principal, campaign, campaign.membership, 'can_edit_settings');
    return campaign;
  }

  app.get(
    '/campaigns/:id/review-rules',
    {
      schema: {
        operationId: 'listReviewRules',
        tags,
        params: idParamsSchema,
        response: { 200: reviewRulesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await settingsOf(request.principal, request.params.id);
      return (await listReviewRules(db, campaign.id)).map(toReviewRule);
    },
  );

  app.put(
    '/campaigns/:id/review-rules',
    {
      schema: {
        operationId: 'replaceReviewRules',
        tags,
        params: idParamsSchema,
        body: reviewRulesInputSchema,
        response: { 200: reviewRulesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await settingsOf(request.principal, request.params.id);
      return writeReviewRules(db, campaign, request.body);
    },
  );
}
