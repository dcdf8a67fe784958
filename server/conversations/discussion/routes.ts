// The discussion API: reading a conversation's discussion with whom it may mention, and posting a message that
// notifies the users it mentions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema } from '../../../contract/common';
import {
  discussionMessageSchema,
  discussionSchema,
  newDiscussionMessageSchema,
} from '../../../contract/discussion';
import {
  assertCanReadConversation,
  assertMentionable,
  mentionableMembers,
} from '../../domain/access/conversations';
import { toDiscussionMessage } from './present';
import { postMessage } from './service';
import { findDiscussion, findDiscussionAudience } from './store';

export async function discussionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, hub } = app.context;

  app.get(
    '/conversations/:id/discussion',
    {
      schema: {
        operationId: 'getDiscussion',
        tags: ['conversations'],
        params: idParamsSchema,
        response: {
          200: discussionSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { user } = request.principal;
      const { conversation, memberIds } = await findDiscussionAudience(db, request.params.id, {
        authorId: user.id,
        mentions: [],
      });
      assertCanReadConversation(request.principal, conversation, memberIds.has(user.id));
      const { messages, members } = await findDiscussion(db, conversation);
      return {
        messages: messages.map(({ message, authorName }) =>
          toDiscussionMessage(
            message,
            message.authorId && authorName !== null ? { id: message.authorId, name: authorName } : null,
          ),
        ),
        mentionable: mentionableMembers(members, conversation).map(({ id, name }) => ({ id, name })),
      };
    },
  );

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
