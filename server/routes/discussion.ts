// The discussion API: posting a message on a conversation and notifying the users it mentions.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema } from '../../contract/common';
import { discussionMessageSchema, newDiscussionMessageSchema } from '../../contract/discussion';
import { newId } from '../db/ids';
import { campaignMembers, campaigns, conversations, discussionMessages, users } from '../db/schema';
import { toUnixSeconds } from '../db/time';
import { assertCanReadConversation, assertMentionable } from '../domain/access';
import { NotFound } from '../errors';
import { createNotification } from '../notifications/store';

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
      const [conversation] = await db
        .select({
          id: conversations.id,
          campaignId: conversations.campaignId,
          agentId: conversations.agentId,
          organisationId: campaigns.organisationId,
        })
        .from(conversations)
        .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
        .where(eq(conversations.id, request.params.id));
      if (!conversation) throw new NotFound('Conversation');

      const members = await db
        .select({ userId: campaignMembers.userId })
        .from(campaignMembers)
        .where(
          and(
            eq(campaignMembers.campaignId, conversation.campaignId),
            inArray(campaignMembers.userId, [user.id, ...mentions]),
          ),
        );
      const memberIds = new Set(members.map((member) => member.userId));
      assertCanReadConversation(request.principal, conversation, memberIds.has(user.id));

      const mentionedUsers =
        mentions.length > 0
          ? await db
              .select({
                id: users.id,
                isAdmin: users.isAdmin,
                role: users.role,
                organisationId: users.organisationId,
                status: users.status,
              })
              .from(users)
              .where(inArray(users.id, mentions))
          : [];
      assertMentionable(mentions, mentionedUsers, conversation, memberIds);

      // One transaction: the message and its notifications exist together or not at all, and the live pushes
      // (NOTIFY) go out only when it commits.
      const message = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(discussionMessages)
          .values({ id: newId(), conversationId: conversation.id, authorId: user.id, body, mentions })
          .returning();
        if (!row) throw new Error('The discussion message was not stored');
        for (const mentionedId of mentions) {
          if (mentionedId === user.id) continue;
          await createNotification(tx, hub, {
            type: 'MENTIONED_IN_CONVERSATION',
            userId: mentionedId,
            conversationId: conversation.id,
            mentionedById: user.id,
          });
        }
        return row;
      });

      return reply.code(201).send({
        id: message.id,
        conversation_id: message.conversationId,
        author: { id: user.id, name: user.name },
        body: message.body,
        mentions: message.mentions,
        created_at: toUnixSeconds(message.createdAt),
      });
    },
  );
}
