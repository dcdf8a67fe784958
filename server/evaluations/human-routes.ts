// The API of people's changes to evaluations: answering an item and commenting it (for those who may edit the
// campaign's settings: owners, editors with the flag, admins). Their history is read in server/validation-stats/.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, errorResponseSchema } from '../../contract/common';
import {
  evaluationItemAnswerSchema,
  evaluationItemCommentSchema,
  evaluationItemParamsSchema,
  evaluationSchema,
} from '../../contract/evaluations';
import { findConversation } from '../conversations/store';
import { assertCampaignPermission } from '../domain/access/campaigns';
import { assertCanReadConversation } from '../domain/access/conversations';
import { principalSource } from '../audit-log/source';
import { answerItem, commentItem, type ChangeTarget } from './human-changes';
import { toEvaluation } from './present';

const tags = ['evaluations'];

export async function evaluationChangeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = app.context;

  /** The change's target if the principal reads the conversation (else 404) and may change its evaluation (403). */
  async function changeTarget(
    request: FastifyRequest,
    params: { id: string; itemId: string },
  ): Promise<ChangeTarget> {
    const { principal } = request;
    const conversation = await findConversation(db, params.id, principal.user.id);
    assertCanReadConversation(principal, conversation, conversation.membership !== null);
    assertCampaignPermission(principal, conversation, conversation.membership, 'can_edit_settings');
    return {
      conversationId: conversation.id,
      itemId: params.itemId,
      userId: principal.user.id,
      audit: { source: principalSource(request), organisationId: conversation.organisationId },
    };
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
      const target = await changeTarget(request, request.params);
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
      const target = await changeTarget(request, request.params);
      const evaluation = await commentItem(db, hub, target, request.body.comment);
      return toEvaluation(evaluation);
    },
  );
}
