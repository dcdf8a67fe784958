// The transcription API: `POST /calls/{id}/transcription/launch` (re)queues the transcription of a call's audio.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema, idParamsSchema } from '../../../contract/common';
import { conversationSchema } from '../../../contract/conversations';
import { assertCanManageConversations, assertCanReadConversation } from '../../domain/access/conversations';
import { Conflict } from '../../errors';
import { toConversation } from '../present';
import { launchTranscription } from './service';
import { findCallForLaunch } from './store';

export async function transcriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, hub, pipeline } = app.context;

  app.post(
    '/calls/:id/transcription/launch',
    {
      schema: {
        operationId: 'launchTranscription',
        tags: ['conversations'],
        description:
          'Queues the transcription of the call again (its transcript, edits included, is replaced when it ' +
          'ends); the call is `transcribing` until then. 409 when the conversation has no audio.',
        params: idParamsSchema,
        response: {
          202: conversationSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = request.principal;
      const call = await findCallForLaunch(db, request.params.id, user.id);
      assertCanReadConversation(request.principal, call, call.membership !== null);
      assertCanManageConversations(request.principal, call, call.membership);
      if (call.type !== 'call' || call.audioKey === null)
        throw new Conflict('This conversation has no audio to transcribe');
      const conversation = await launchTranscription({ db, hub, pipeline }, call.id);
      return reply.code(202).send(toConversation(conversation));
    },
  );
}
