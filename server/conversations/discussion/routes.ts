// The discussion API: posting a message on a conversation and notifying the users it mentions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema } from '../../../contract/common';
import { discussionMessageSchema, newDiscussionMessageSchema } from '../../../contract/discussion';
import { assertCanReadConversation, assertMentionable } from '../../domain/access/conversations';
import { toDiscussionMessage } from './present';
import { postMessage } from './service';
import { findDiscussionAudience } from './store';

export async function discussionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = app.context;

  app.post(
    '/conversations/:id/discussion/message',
    {
      schema: {
        operationId: 'postDiscussionMessage',
        tags: ['conversations'],
        params: idParamsSchema,
        body: newDiscussionMessageSchema,
        response: {
          201: discussionMessageSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = request.principal;
      const { body, mentions = [] } = request.body;
      const { conversation, memberIds, mentionedUsers } = await findDiscussionAudience(
        db,
        request.params.id,
        { authorId: user.id, mentions },
      );
      assertCanReadConversation(request.principal, conversation, memberIds.has(user.id));
      assertMentionable(mentions, mentionedUsers, conversation, memberIds);
      const message = await postMessage(db, hub, {
        conversationId: conversation.id,
        authorId: user.id,
        body,
        mentions,
      });
      return reply.code(201).send(toDiscussionMessage(message, user));
    },
  );
}
