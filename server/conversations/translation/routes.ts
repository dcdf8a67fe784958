// The translation API: a conversation's turns in English or French, for the conversation page's toggle.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, errorResponses, idParamsSchema } from '../../../contract/common';
import { translationQuerySchema, translationSchema } from '../../../contract/conversations';
import { assertCanReadConversation } from '../../domain/access/conversations';
import { translationEngineFor } from '../../engines/translation';
import { NotFound } from '../../errors';
import { translateConversation } from './service';
import { findConversationToTranslate } from './store';

export async function translationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.context;

  app.get(
    '/conversations/:id/translation',
    {
      schema: {
        operationId: 'getConversationTranslation',
        tags: ['conversations'],
        description:
          'The turns in `target_language`, in order: unchanged when the conversation is in that language, ' +
          'else translated (and cached) by the configured engine; `gist` marks a rough machine translation.',
        params: idParamsSchema,
        querystring: translationQuerySchema,
        response: { 200: translationSchema, ...errorResponses, 503: errorResponseSchema },
      },
    },
    async (request) => {
      const conversation = await findConversationToTranslate(
        db,
        request.params.id,
        request.principal.user.id,
      );
      if (!conversation) throw new NotFound('Conversation');
      assertCanReadConversation(request.principal, conversation, conversation.isCampaignMember);
      const engine = translationEngineFor(config, { redact: conversation.redactForProviders });
      return translateConversation(
        { db, engine, log: request.log },
        conversation,
        request.query.target_language,
      );
    },
  );
}
