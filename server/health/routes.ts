// Health: `/healthz` says the process is alive; `/api/health` checks the database and the engines.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from './store';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ status: z.enum(['ok', 'error']), driver: z.enum(['pglite', 'postgres']) }),
    engines: z.record(z.string(), z.object({ status: z.enum(['ok', 'unavailable']), detail: z.string() })),
  })
  .meta({ id: 'Health' });

export async function livenessRoute(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
}

export async function healthRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, database } = app.context;

  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      const databaseOk = await pingDatabase(db).then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'database health check failed');
          return false;
        },
      );
      return reply.code(databaseOk ? 200 : 503).send({
        status: databaseOk ? 'ok' : 'degraded',
        database: { status: databaseOk ? 'ok' : 'error', driver: database.driver },
        // Engines register here as they are added (transcription, evaluation, translation, analytics).
        engines: {},
      });
    },
  );
}
