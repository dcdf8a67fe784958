// Calls: saving an edited transcript (against the version read), and a signed link to the recording.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import { audioUrlSchema, conversationSchema, transcriptUpdateSchema } from '../../contract/conversations';
import { assertCanManageConversations, assertCanReadConversation } from '../domain/access/conversations';
import { assertIsCall } from '../domain/conversation-edits';
import { NotFound } from '../errors';
import { toConversation } from './present';
import { saveTranscript } from './service';
import { findConversation } from './store';

export async function callRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, playbackUrls, pipeline } = app.context;

  app.put(
    '/calls/:id/transcript',
    {
      schema: {
        operationId: 'updateCallTranscript',
        tags: ['conversations'],
        params: idParamsSchema,
        body: transcriptUpdateSchema,
        response: {
          200: conversationSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { principal } = request;
      const call = await findConversation(db, request.params.id, principal.user.id);
      assertCanReadConversation(principal, call, call.membership !== null);
      assertIsCall(call);
      assertCanManageConversations(principal, call, call.membership);
      await saveTranscript({ db, pipeline }, call.id, request.body);
      return toConversation(await findConversation(db, call.id, principal.user.id));
    },
  );

  app.get(
    '/calls/:id/audio/download-url',
    {
      schema: {
        operationId: 'getCallAudioUrl',
        tags: ['conversations'],
        params: idParamsSchema,
        response: { 200: audioUrlSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { principal } = request;
      const call = await findConversation(db, request.params.id, principal.user.id);
      assertCanReadConversation(principal, call, call.membership !== null);
      assertIsCall(call);
      if (!call.audioKey) throw new NotFound('Recording');
      const { url, expires } = await playbackUrls.signedUrl(call.audioKey);
      return { url, expires_at: expires };
    },
  );
}
