// Builds the whole server as one Fastify app: plugins first, then the login service, the API and the web app.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import { createAccessTokens, loadSigningSecret } from './auth/access-tokens';
import { createRefreshSessions } from './auth/sessions-store';
import { alertRoutes } from './alerts/routes';
import { apiKeyAuthentication, auditApiKeyWrites } from './api-keys/authenticate';
import { apiKeyRoutes } from './api-keys/routes';
import { runAuditRetentionPass } from './audit-log/retention';
import { auditLogRoutes } from './audit-log/routes';
import { authRoutes } from './auth/routes';
import { coachingRoutes } from './coaching/routes';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { createMailer } from './mail/mailer';
import { errorHandler, frameworkErrors } from './plugins/error-handler';
import { gracefulClose } from './plugins/graceful-close';
import { rejectUnstorableText } from './plugins/reject-unstorable-text';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { apiDocsContentSecurityPolicy, securityHeaders } from './plugins/security-headers';
import { uploads } from './plugins/uploads';
import { webApp } from './plugins/web-app';
import { findAccount } from './plugins/accounts-store';
import { requireBearer } from './plugins/authenticate';
import { createPrincipalCache } from './plugins/principal-cache';
import { refuseOutsideAudience } from './plugins/route-audience';
import { campaignMemberRoutes } from './campaigns/members/routes';
import { campaignRoutes } from './campaigns/routes';
import { findCampaignAccess } from './campaigns/store';
import { campaignTopicRoutes } from './campaigns/topics/routes';
import { callRoutes } from './conversations/call-routes';
import { discussionRoutes } from './conversations/discussion/routes';
import { conversationIngestionRoutes } from './conversation-ingestion/routes';
import { conversationListRoutes } from './conversations/list-routes';
import { conversationRoutes } from './conversations/routes';
import { transcriptionRoutes } from './conversations/transcription/routes';
import { translationRoutes } from './conversations/translation/routes';
import { dashboardRoutes } from './dashboards/routes';
import { conversationPhaseRoutes } from './conversation-phases/routes';
import { evaluationGridRoutes } from './evaluation-grids/routes';
import { evaluationChangeRoutes } from './evaluations/human-routes';
import { evaluationRoutes } from './evaluations/routes';
import { fileRoutes } from './files/routes';
import { goldenSetCheckRoutes } from './golden-set-check/routes';
import { detectTranscriptionEngines } from './engines/transcription/availability';
import { createDraining } from './health/draining';
import { healthRoute, livenessRoute, readinessRoute } from './health/routes';
import { createJobHandlers } from './jobs/handlers/index';
import { pipeline } from './jobs/pipeline';
import { createJobWorker } from './jobs/worker';
import { createPeriodicPass } from './jobs/periodic-pass';
import { createLiveHub } from './live/hub';
import { liveRoute } from './live/routes';
import { notificationRoutes } from './notifications/routes';
import { organisationRoutes } from './organisations/routes';
import { adminRoutes } from './admin/routes';
import { customAnalysisRoutes } from './custom-analyses/routes';
import { customAnalysisGraphRoutes } from './dashboards/graphs/custom-analyses-routes';
import { testCallRoutes } from './test-calls/routes';
import { runReviewPeriodPass } from './reviews/period-pass';
import { createPreviousPeriodCounts } from './reviews/previous-period-counts';
import { reviewRoutes } from './reviews/routes';
import { usageRoutes } from './usage/routes';
import { userRoutes } from './users/routes';
import { validationStatsRoutes } from './validation-stats/routes';
import { openFileStorage } from './storage/open-file-storage';
import { serverPlaybackUrls } from './storage/playback-urls';
import { createSignedUrls } from './storage/signed-urls';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Checks every response against its zod schema too, as the API tests do (see ./plugins/response-serializer). */
  checkResponses?: boolean;
}

/** Largest request body accepted, except where a route says otherwise (uploads). */
export const bodyLimitBytes = 1024 * 1024;

export async function buildApp({
  config,
  database,
  logger = false,
  checkResponses = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: bodyLimitBytes,
    return503OnClosing: true,
    frameworkErrors,
    // A hop count is Fastify's "trust the n closest proxies", which its types spell as a function.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses }));

  const { db } = database;
  const hub = await createLiveHub(database);
  const principals = await createPrincipalCache({
    database,
    ttlSeconds: config.accessTokenTtlSeconds,
    loaders: {
      account: (userId) => findAccount(db, userId),
      campaignAccess: (campaignId, userId) => findCampaignAccess(db, campaignId, userId),
    },
  });
  const secret = await loadSigningSecret(db, config.jwtSecret);
  const fileUrls = createSignedUrls(secret, config.publicUrl);
  const storage = await openFileStorage(config);
  const context: AppContext = {
    config,
    database,
    db,
    readDb: database.readDb,
    hub,
    principals,
    tokens: createAccessTokens(secret, config.accessTokenTtlSeconds),
    sessions: createRefreshSessions(db, secret, config.refreshTokenTtlSeconds),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
    }),
    files: storage.files,
    fileUrls,
    playbackUrls: storage.presignedUrls ?? serverPlaybackUrls(fileUrls),
    transcription: await detectTranscriptionEngines(config),
    pipeline,
    draining: createDraining(),
    previousPeriodCounts: createPreviousPeriodCounts(),
  };
  app.decorate('context', context);
  app.addHook('onClose', () => hub.close());
  app.addHook('onClose', () => principals.close());
  const { health: transcriptionHealth } = context.transcription;
  app.log[transcriptionHealth.status === 'ok' ? 'info' : 'warn'](
    `Transcription: ${transcriptionHealth.detail}`,
  );
  if (config.role !== 'web') {
    const worker = createJobWorker({
      config,
      leaseSeconds: config.jobLeaseSeconds,
      database,
      files: context.files,
      hub,
      log: app.log,
      handlers: createJobHandlers({
        transcription: context.transcription.engines,
        previousPeriodCounts: context.previousPeriodCounts,
      }),
    });
    const periodicPasses = [
      // Once a minute: a period that opened while no worker ran is caught up at the next start.
      createPeriodicPass({
        name: 'review period pass',
        everySeconds: 60,
        log: app.log,
        pass: () => runReviewPeriodPass(db, hub, app.log),
      }),
      createPeriodicPass({
        name: 'audit retention pass',
        everySeconds: 60 * 60,
        log: app.log,
        pass: async () => {
          for (const [organisationId, count] of await runAuditRetentionPass(db)) {
            app.log.info({ organisationId, count }, 'audit log purged');
          }
        },
      }),
    ];
    app.addHook('onReady', () => worker.start());
    app.addHook('onReady', async () => periodicPasses.forEach((periodic) => periodic.start()));
    app.addHook('onClose', () => worker.stop());
    app.addHook('onClose', async () => {
      await Promise.all(periodicPasses.map((periodic) => periodic.stop()));
    });
  }
  // After the jobs have stopped, which may be reading a recording.
  app.addHook('onClose', async () => storage.close());

  await app.register(errorHandler);
  await app.register(gracefulClose);
  if (config.role === 'worker') {
    // A worker process answers the load balancer's or the supervisor's health checks, and nothing else.
    await app.register(livenessRoute);
    await app.register(readinessRoute);
    return app;
  }
  await app.register(securityHeaders, {
    https: config.publicUrl.startsWith('https:'),
    mediaOrigin: storage.mediaOrigin,
  });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(rejectUnstorableText);
  await app.register(uploads);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Quality Monitoring API', version: '1.0.0' },
      // Paths are documented whole (/api/…, /auth/…) against the site's root, so a generated client reaches both.
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(livenessRoute);
  await app.register(readinessRoute);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(
    async (api) => {
      await api.register(swaggerUi, {
        routePrefix: '/docs',
        staticCSP: true,
        transformStaticCSP: apiDocsContentSecurityPolicy,
      });
      await api.register(healthRoute);
      await api.register(liveRoute);
      await api.register(fileRoutes);
      await api.register(async (authenticated) => {
        await requireBearer(authenticated, apiKeyAuthentication(app));
        await refuseOutsideAudience(authenticated);
        auditApiKeyWrites(authenticated);
        await authenticated.register(userRoutes);
        await authenticated.register(notificationRoutes);
        await authenticated.register(alertRoutes);
        await authenticated.register(coachingRoutes);
        await authenticated.register(discussionRoutes);
        await authenticated.register(conversationIngestionRoutes);
        await authenticated.register(conversationRoutes);
        await authenticated.register(conversationListRoutes);
        await authenticated.register(callRoutes);
        await authenticated.register(transcriptionRoutes);
        await authenticated.register(translationRoutes);
        await authenticated.register(dashboardRoutes);
        await authenticated.register(validationStatsRoutes);
        await authenticated.register(conversationPhaseRoutes);
        await authenticated.register(campaignRoutes);
        await authenticated.register(campaignMemberRoutes);
        await authenticated.register(campaignTopicRoutes);
        await authenticated.register(evaluationGridRoutes);
        await authenticated.register(goldenSetCheckRoutes);
        await authenticated.register(evaluationRoutes);
        await authenticated.register(evaluationChangeRoutes);
        await authenticated.register(organisationRoutes);
        await authenticated.register(adminRoutes);
        await authenticated.register(usageRoutes);
        await authenticated.register(customAnalysisRoutes);
        await authenticated.register(customAnalysisGraphRoutes);
        await authenticated.register(testCallRoutes);
        await authenticated.register(reviewRoutes);
        await authenticated.register(auditLogRoutes);
        await authenticated.register(apiKeyRoutes);
      });
    },
    { prefix: '/api' },
  );
  await app.register(webApp);
  return app;
}
