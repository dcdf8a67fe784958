// The ingestion API: a conversation posted as text (chat, email thread, call transcript) into a campaign, an audio
// call uploaded as a file, and a batch of conversations posted as text, stored all or none. The first two answer
// 201 with the new conversation, or 200 with the one already stored under the same external id; the batch answers
// what became of each of its conversations.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import {
  audioFieldName,
  audioMaxBytes,
  audioUploadFieldsSchema,
  conversationBatchMaxBytes,
  conversationBatchResultSchema,
  newConversationBatchSchema,
  newConversationSchema,
} from '../../contract/conversation-ingestion';
import { conversationSchema } from '../../contract/conversations';
import { findCampaign } from '../campaigns/store';
import { assertCanManageConversations } from '../domain/access/conversations';
import type { Principal } from '../domain/access/principal';
import { Invalid } from '../errors';
import type { Database } from '../db/client';
import { toConversation } from '../conversations/present';
import { contentDigest, sniffAudio } from './audio';
import { ingestAudioCall, ingestConversation, ingestConversations, type Ingested } from './service';

const answer = (reply: FastifyReply, { created, row }: Ingested) =>
  reply.code(created ? 201 : 200).send(toConversation(row));

/** The audio upload's fields, read and access-checked: the campaign they name must be the caller's to add to. */
async function audioTarget(db: Database, principal: Principal, fields: Record<string, string>) {
  const parsed = audioUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'fields'}: ${issue.message}`,
    );
    throw new Invalid(`Invalid upload fields: ${problems.join('; ')}`);
  }
  const campaign = await findCampaign(db, parsed.data.campaign_id, principal.user.id);
  assertCanManageConversations(principal, campaign, campaign.membership);
  return { campaign, fields: parsed.data };
}

export async function conversationIngestionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, pipeline } = app.context;

  app.post(
    '/campaigns/:id/conversations',
    {
      config: { apiKeyScope: 'conversations:write' },
      schema: {
        operationId: 'createConversation',
        tags: ['conversations'],
        params: idParamsSchema,
        body: newConversationSchema,
        response: {
          200: conversationSchema,
          201: conversationSchema,
          422: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanManageConversations(request.principal, campaign, campaign.membership);
      return answer(reply, await ingestConversation({ db, pipeline }, campaign, request.body));
    },
  );

  app.post(
    '/campaigns/:id/conversations/batch',
    {
      config: { apiKeyScope: 'conversations:write' },
      bodyLimit: conversationBatchMaxBytes,
      schema: {
        operationId: 'createConversationBatch',
        tags: ['conversations'],
        params: idParamsSchema,
        body: newConversationBatchSchema,
        response: {
          200: conversationBatchResultSchema,
          413: errorResponseSchema,
          422: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanManageConversations(request.principal, campaign, campaign.membership);
      const outcomes = await ingestConversations({ db, pipeline }, campaign, request.body.conversations);
      return {
        results: outcomes.map(({ id, externalId, created }) => ({
          id,
          external_id: externalId,
          outcome: created ? ('created' as const) : ('duplicate' as const),
        })),
      };
    },
  );

  app.post(
    '/calls/audio',
    {
      config: { apiKeyScope: 'conversations:write' },
      schema: {
        operationId: 'uploadCallAudio',
        tags: ['conversations'],
        consumes: ['multipart/form-data'],
        response: {
          200: conversationSchema,
          201: conversationSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const ingested = await request.receiveFile(
        {
          field: audioFieldName,
          maxBytes: audioMaxBytes,
          // Fields sent before the file are checked before it is read; the rest once it has come.
          beforeFile: async (fields) => {
            if (fields.campaign_id !== undefined) await audioTarget(db, request.principal, fields);
          },
        },
        async (file) => {
          const { campaign, fields } = await audioTarget(db, request.principal, file.fields);
          const mediaType = await sniffAudio(file.path);
          return ingestAudioCall({ db, files, pipeline }, campaign, {
            path: file.path,
            mediaType,
            agentId: fields.agent_id,
            externalId: fields.external_id ?? `sha256:${await contentDigest(file.path)}`,
          });
        },
      );
      return answer(reply, ingested);
    },
  );
}
