// One conversation: read it, correct its agent and metadata, delete it, download it as a file.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import { conversationSchema, updateConversationSchema } from '../../contract/conversations';
import { findCampaignRedaction } from '../campaigns/store';
import { conversationCustomAnalysisResults } from '../custom-analyses/store';
import { principalSource } from '../audit-log/source';
import { recordAuditEntry } from '../audit-log/store';
import { assertCanManageConversations, assertCanReadConversation } from '../domain/access/conversations';
import type { Principal } from '../domain/access/principal';
import { attachment } from '../files/attachment';
import { toConversationFile } from './conversation-file';
import { listDiscussionMessages } from './discussion/store';
import { toConversation } from './present';
import { correctConversation, removeConversation } from './service';
import { findConversation, type FoundConversation } from './store';

export async function conversationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files } = app.context;

  /** The conversation if the principal reads it; 404 as for an unknown id otherwise. */
  async function readableConversation(principal: Principal, id: string): Promise<FoundConversation> {
    const conversation = await findConversation(db, id, principal.user.id);
    assertCanReadConversation(principal, conversation, conversation.membership !== null);
    return conversation;
  }

  /** The conversation if the principal reads it (else 404) and may change it (else 403). */
  async function manageableConversation(principal: Principal, id: string): Promise<FoundConversation> {
    const conversation = await readableConversation(principal, id);
    assertCanManageConversations(principal, conversation, conversation.membership);
    return conversation;
  }

  app.get(
    '/conversations/:id',
    {
      config: { apiKeyScope: 'conversations:read' },
      schema: {
        operationId: 'getConversation',
        tags: ['conversations'],
        params: idParamsSchema,
        response: { 200: conversationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const conversation = await readableConversation(request.principal, request.params.id);
      return {
        ...toConversation(conversation),
        custom_analyses: await conversationCustomAnalysisResults(db, conversation.id),
      };
    },
  );

  app.patch(
    '/conversations/:id',
    {
      schema: {
        operationId: 'updateConversation',
        tags: ['conversations'],
        params: idParamsSchema,
        body: updateConversationSchema,
        response: { 200: conversationSchema, 422: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { principal } = request;
      const conversation = await manageableConversation(principal, request.params.id);
      await correctConversation(db, conversation, request.body);
      return toConversation(await findConversation(db, conversation.id, principal.user.id));
    },
  );

  app.delete(
    '/conversations/:id',
    {
      schema: {
        operationId: 'deleteConversation',
        tags: ['conversations'],
        params: idParamsSchema,
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const conversation = await manageableConversation(request.principal, request.params.id);
      await removeConversation({ db, files }, conversation.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/conversations/export/:id',
    {
      schema: {
        operationId: 'exportConversation',
        tags: ['conversations'],
        params: idParamsSchema,
        response: {
          // The ConversationFile schema as a JSON file, indented for people who open it.
          200: z.unknown().meta({ description: 'The conversation as a JSON file (ConversationFile)' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const conversation = await readableConversation(request.principal, request.params.id);
      const { redactExports } = await findCampaignRedaction(db, conversation.campaignId);
      await recordAuditEntry(db, principalSource(request), {
        organisationId: conversation.organisationId,
        action: 'export.conversations',
        target: { type: 'conversation', id: conversation.id },
        details: { format: 'json', redacted: redactExports },
      });
      const file = toConversationFile(conversation, await listDiscussionMessages(db, conversation.id), {
        redact: redactExports,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`conversation-${conversation.id}.json`))
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(file, null, 2));
    },
  );
}
