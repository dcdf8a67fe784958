// The API of people's changes to evaluations: answering an item and commenting it (for those who may edit the
// campaign's settings: owners, editors with the flag, admins), and an item's history of changes across a
// campaign's conversations (for its readers; agents see only their own conversations).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, errorResponseSchema, pageQuerySchema } from '../../contract/common';
import {
  evaluationItemAnswerSchema,
  evaluationItemCommentSchema,
  evaluationItemParamsSchema,
  evaluationItemUpdatesPageSchema,
  evaluationSchema,
} from '../../contract/evaluations';
import { findCampaign } from '../campaigns/store';
import { findConversation } from '../conversations/store';
import { assertCampaignPermission, assertCanReadCampaign } from '../domain/access/campaigns';
import { agentScope, assertCanReadConversation } from '../domain/access/conversations';
import type { Principal } from '../domain/access/principal';
import { answerItem, commentItem } from './human-changes';
import { listItemUpdates } from './item-updates-store';
import { toEvaluation } from './present';

const tags = ['evaluations'];

export async function evaluationChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = app.context;

  /** The change's target if the principal reads the conversation (else 404) and may change its evaluation (403). */
  async function changeTarget(principal: Principal, params: { id: string; itemId: string }) {
    const conversation = await findConversation(db, params.id, principal.user.id);
    assertCanReadConversation(principal, conversation, conversation.membership !== null);
    assertCampaignPermission(principal, conversation, conversation.membership, 'can_edit_settings');
    return { conversationId: conversation.id, itemId: params.itemId, userId: principal.user.id };
  }

  app.put(
    '/conversations/:id/evaluation/items/:itemId',
    {
      schema: {
        operationId: 'answerEvaluationItem',
        tags,
        params: evaluationItemParamsSchema,
        body: evaluationItemAnswerSchema,
        response: { 200: evaluationSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const target = await changeTarget(request.principal, request.params);
      const evaluation = await answerItem(db, hub, target, request.body);
      return toEvaluation(evaluation);
    },
  );

  app.put(
    '/conversations/:id/evaluation/items/:itemId/comment',
    {
      schema: {
        operationId: 'commentEvaluationItem',
        tags,
        params: evaluationItemParamsSchema,
        body: evaluationItemCommentSchema,
        response: { 200: evaluationSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const target = await changeTarget(request.principal, request.params);
      const evaluation = await commentItem(db, hub, target, request.body.comment);
      return toEvaluation(evaluation);
    },
  );

  app.get(
    '/dashboards/graphs/campaigns/:id/evaluation-items/:itemId/updates',
    {
      schema: {
        operationId: 'listEvaluationItemUpdates',
        tags,
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
