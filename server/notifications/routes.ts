// The notifications API: the caller's own notifications only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParamsSchema, pageQuerySchema, pageSchema } from '../../contract/common';
import { notificationSchema } from '../../contract/notifications';
import { NotFound } from '../errors';
import { listNotifications, markNotificationRead } from './store';

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  app.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        querystring: pageQuerySchema,
        response: { 200: pageSchema(notificationSchema), 401: errorResponseSchema },
      },
    },
    async (request) =>
      listNotifications(db, request.principal.user.id, {
        startAfter: request.query.start_after,
        limit: request.query.limit,
      }),
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        operationId: 'markNotificationRead',
        tags: ['notifications'],
        params: idParamsSchema,
        response: { 204: z.void(), 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Another user's notification answers 404, so ids reveal nothing.
      const marked = await markNotificationRead(db, request.principal.user.id, request.params.id);
      if (!marked) throw new NotFound('Notification');
      return reply.code(204).send();
    },
  );
}
