// Health: `/healthz` says the process is alive; `/readyz` whether a load balancer may send it requests (database
// reachable and migrated, storage reachable, not draining); `/api/health` checks the database and the engines.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobKindSchema } from '../../contract/jobs';
import { analysisEngineStatus } from '../engines/analysis';
import { evaluationEngineStatus } from '../engines/evaluation';
import { translationEngineStatus } from '../engines/translation';
import { queueDepth } from './store';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ status: z.enum(['ok', 'error']), driver: z.enum(['pglite', 'postgres']) }),
    engines: z.record(z.string(), z.object({ status: z.enum(['ok', 'unavailable']), detail: z.string() })),
    /** The work waiting in the job queue, per kind: whether it drains is the first thing to watch. */
    jobs: z
      .record(jobKindSchema, z.object({ queued: z.number().int(), running: z.number().int() }))
      .nullable(),
  })
  .meta({ id: 'Health' });

export async function livenessRoute(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
}

const readinessSchema = z.object({
  status: z.enum(['ready', 'unready']),
  database: z.enum(['ok', 'behind', 'error']),
  storage: z.enum(['ok', 'error']),
  draining: z.boolean(),
});

export async function readinessRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, files, draining } = app.context;

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } } },
    async (request, reply) => {
      const failed = (check: string) => (error: unknown) => {
        request.log.warn({ err: error }, `readiness: the ${check} check failed`);
        return 'error' as const;
      };
      const [databaseState, storageState] = await Promise.all([
        database.isMigrated().then((migrated) => (migrated ? 'ok' : 'behind'), failed('database')),
        files.check().then(() => 'ok' as const, failed('storage')),
      ]);
      const ready = databaseState === 'ok' && storageState === 'ok' && !draining.active;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'unready',
        database: databaseState,
        storage: storageState,
        draining: draining.active,
      });
    },
  );
}

export async function healthRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, database, config, transcription } = app.context;

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
      // The queue's depth is the database check too: a query that answers means a database that works.
      const depth = await queueDepth(db).catch((error: unknown) => {
        request.log.error({ err: error }, 'database health check failed');
        return null;
      });
      const databaseOk = depth !== null;
      return reply.code(databaseOk ? 200 : 503).send({
        status: databaseOk ? 'ok' : 'degraded',
        database: { status: databaseOk ? 'ok' : 'error', driver: database.driver },
        engines: {
          transcription: transcription.health,
          analysis: analysisEngineStatus(config),
          translation: await translationEngineStatus(config),
          evaluation: evaluationEngineStatus(config),
        },
        jobs: depth,
      });
    },
  );
}
