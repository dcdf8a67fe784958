// The evaluations API: launching a conversation's evaluation (whole or one item), validating it, and testing one
// item on a pasted transcript or a conversation the caller reads (its provider calls recorded as usage of the
// conversation's organisation, or the caller's). Launching and validating are for those who may edit the
// campaign's settings (owners, editors with the flag, admins). A launch or a validation is announced to the
// conversation's readers (its usual live message, with no job: the job's own messages say when it runs and ends),
// so that another page open on it reads it again. Its readers read the current evaluation alone too (the route
// API keys with evaluations:read reach).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import {
  evaluationItemParamsSchema,
  evaluationSchema,
  itemTestResultSchema,
  itemTestSchema,
} from '../../contract/evaluations';
import { findCampaignRedaction } from '../campaigns/store';
import { findConversation } from '../conversations/store';
import { assertCampaignPermission } from '../domain/access/campaigns';
import { assertCanReadConversation } from '../domain/access/conversations';
import type { Principal } from '../domain/access/principal';
import { announceConversationStatus } from '../live/conversation-status';
import { principalSource } from '../audit-log/source';
import { NotFound } from '../errors';
import { toEvaluation } from './present';
import { launchEvaluation, launchEvaluationItem, validateEvaluation } from './service';
import type { TokenUsage } from '../engines/openai-compatible/chat';
import { itemTestUsageEvents } from '../usage/item-test-usage';
import { recordUsage } from '../usage/store';
import { itemTestEngine, pastedTurns, testItem } from './item-test';

const tags = ['evaluations'];

export async function evaluationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, hub, pipeline } = app.context;

  /** The conversation if the principal reads it (else 404) and may launch or validate its evaluation (else 403). */
  async function evaluableConversation(principal: Principal, id: string) {
    const conversation = await findConversation(db, id, principal.user.id);
    assertCanReadConversation(principal, conversation, conversation.membership !== null);
    assertCampaignPermission(principal, conversation, conversation.membership, 'can_edit_settings');
    return conversation;
  }

  app.get(
    '/conversations/:id/evaluation',
    {
      config: { apiKeyScope: 'evaluations:read' },
      schema: {
        operationId: 'getEvaluation',
        tags,
        params: idParamsSchema,
        response: { 200: evaluationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { principal } = request;
      const conversation = await findConversation(db, request.params.id, principal.user.id);
      assertCanReadConversation(principal, conversation, conversation.membership !== null);
      if (!conversation.evaluation) throw new NotFound('Evaluation');
      return toEvaluation(conversation.evaluation);
    },
  );

  app.post(
    '/conversations/:id/evaluation/launch',
    {
      schema: {
        operationId: 'launchEvaluation',
        tags,
        params: idParamsSchema,
        response: {
          202: evaluationSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const conversation = await evaluableConversation(request.principal, request.params.id);
      const evaluation = await launchEvaluation(db, config, pipeline, conversation);
      await announceConversationStatus(db, hub, conversation.id, null);
      return reply.code(202).send(toEvaluation(evaluation));
    },
  );

  app.post(
    '/conversations/:id/evaluation/items/:itemId/launch',
    {
      schema: {
        operationId: 'launchEvaluationItem',
        tags,
        params: evaluationItemParamsSchema,
        response: { 202: evaluationSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const conversation = await evaluableConversation(request.principal, request.params.id);
      const evaluation = await launchEvaluationItem(db, pipeline, conversation, request.params.itemId);
      await announceConversationStatus(db, hub, conversation.id, null);
      return reply.code(202).send(toEvaluation(evaluation));
    },
  );

  app.post(
    '/conversations/:id/evaluation/validate',
    {
      schema: {
        operationId: 'validateEvaluation',
        tags,
        params: idParamsSchema,
        response: { 200: evaluationSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { principal } = request;
      const conversation = await evaluableConversation(principal, request.params.id);
      const evaluation = await validateEvaluation(db, conversation.id, principal.user.id, {
        source: principalSource(request),
        organisationId: conversation.organisationId,
      });
      await announceConversationStatus(db, hub, conversation.id, null);
      return toEvaluation(evaluation);
    },
  );

  app.delete(
    '/conversations/:id/evaluation/validate',
    {
      schema: {
        operationId: 'unvalidateEvaluation',
        tags,
        params: idParamsSchema,
        response: { 200: evaluationSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const conversation = await evaluableConversation(request.principal, request.params.id);
      const evaluation = await validateEvaluation(db, conversation.id, null, {
        source: principalSource(request),
        organisationId: conversation.organisationId,
      });
      await announceConversationStatus(db, hub, conversation.id, null);
      return toEvaluation(evaluation);
    },
  );

  app.post(
    '/evaluation-grids/item/test',
    {
      schema: {
        operationId: 'testEvaluationItem',
        tags,
        body: itemTestSchema,
        response: { 200: itemTestResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { conversation_id: conversationId, transcript = '', engine: asked, language } = request.body;
      const { user } = request.principal;
      const conversation =
        conversationId === undefined ? null : await findConversation(db, conversationId, user.id);
      if (conversation)
        assertCanReadConversation(request.principal, conversation, conversation.membership !== null);
      const calls: TokenUsage[] = [];
      const redaction = conversation && (await findCampaignRedaction(db, conversation.campaignId));
      const engine = itemTestEngine(config, asked, {
        language: language ?? conversation?.language ?? 'en',
        recordCall: (usage) => calls.push(usage),
        redact: redaction?.redactForProviders ?? false,
      });
      const result = await testItem(request.body, conversation ?? pastedTurns(transcript), engine);
      const organisationId = conversation?.organisationId ?? user.organisationId;
      if (organisationId) {
        await recordUsage(
          db,
          itemTestUsageEvents({
            organisationId,
            campaignId: conversation?.campaignId ?? null,
            conversationId: conversation?.id ?? null,
            model: engine.model,
            calls,
          }),
        );
      }
      return result;
    },
  );
}
