// The test calls API (spec §7): a campaign's test calls, sent as a recording or a text transcript, listed, and read
// one by one with their result. For those who may change the campaign's settings (its grid among them): admins,
// owners, and editors whose policy grants it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import { audioMaxBytes } from '../../contract/conversation-ingestion';
import {
  testCallFieldName,
  testCallParamsSchema,
  testCallSchema,
  testCallSummarySchema,
} from '../../contract/test-calls';
import { findCampaign } from '../campaigns/store';
import type { Database } from '../db/client';
import { assertCampaignPermission } from '../domain/access/campaigns';
import type { Principal } from '../domain/access/principal';
import { toTestCall, toTestCallSummary } from './present';
import { assertGridToTest, createTestCall } from './service';
import { findTestCall, listTestCalls } from './store';
import { readTestCallFile } from './upload';

const tags = ['test-calls'];

/** The campaign, once the principal is known to be one who tests its calls. */
async function testingCampaign(db: Database, principal: Principal, campaignId: string) {
  const campaign = await findCampaign(db, campaignId, principal.user.id);
  assertCampaignPermission(principal, campaign, campaign.membership, 'can_edit_settings');
  return campaign;
}

export async function testCallRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, pipeline } = app.context;

  app.post(
    '/campaigns/:id/test-calls',
    {
      schema: {
        operationId: 'createTestCall',
        description:
          'Sends a recording (multipart file field `file`: WAV, MP3, M4A/AAC, OGG/Opus, FLAC or WebM, at most ' +
          '200 MB) or a text transcript ("Agent: …" / "Customer: …" lines, UTF-8, at most 1 MB) to be ' +
          "transcribed, analysed and evaluated with the campaign's current grid as a test conversation, which " +
          'dashboards, statistics and alerts never count. Answers the test call as it starts.',
        tags,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          201: testCallSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          422: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const campaign = await testingCampaign(db, request.principal, request.params.id);
      await assertGridToTest(db, campaign.id);
      const id = await request.receiveFile(
        { field: testCallFieldName, maxBytes: audioMaxBytes },
        async (received) =>
          createTestCall({ db, files, pipeline }, campaign, {
            file: await readTestCallFile(received.path, received.size),
            fileName: received.filename,
            userId: request.principal.user.id,
          }),
      );
      return reply.code(201).send(toTestCall(await findTestCall(db, campaign.id, id)));
    },
  );

  app.get(
    '/campaigns/:id/test-calls',
    {
      schema: {
        operationId: 'listTestCalls',
        description: "The campaign's 50 newest test calls, newest first.",
        tags,
        params: idParamsSchema,
        response: { 200: z.array(testCallSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await testingCampaign(db, request.principal, request.params.id);
      return (await listTestCalls(db, campaign.id)).map(toTestCallSummary);
    },
  );

  app.get(
    '/campaigns/:id/test-calls/:testId',
    {
      schema: {
        operationId: 'getTestCall',
        description: 'A test call with its transcript, its evaluation and how long each step took.',
        tags,
        params: testCallParamsSchema,
        response: { 200: testCallSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await testingCampaign(db, request.principal, request.params.id);
      return toTestCall(await findTestCall(db, campaign.id, request.params.testId));
    },
  );
}
