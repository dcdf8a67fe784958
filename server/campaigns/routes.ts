// The campaigns API: list, create, read, update, delete, duplicate, logo upload, metadata keys per campaign.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignListQuerySchema,
  campaignMetadataSchema,
  campaignSchema,
  createCampaignSchema,
  logoFieldName,
  logoMaxBytes,
  updateCampaignSchema,
} from '../../contract/campaigns';
import { errorResponses, errorResponseSchema, idParamsSchema, pageSchema } from '../../contract/common';
import { toPage } from '../db/lists';
import {
  assertCampaignPermission,
  assertCanCreateCampaign,
  assertCanDeleteCampaign,
  assertCanDuplicateCampaign,
  assertCanReadCampaign,
} from '../domain/access/campaigns';
import { Invalid, Unprocessable } from '../errors';
import { newFileKey } from '../storage/files';
import { inspectLogo } from './logo';
import { toCampaign } from './present';
import { evaluationClientFor } from '../engines/evaluation';
import { duplicateCampaign, metadataKeysOfReadableCampaigns, removeCampaign } from './service';
import {
  findCampaign,
  insertCampaign,
  listCampaigns,
  setCampaignLogo,
  updateCampaign,
  type CampaignRow,
} from './store';
import { staff } from '../domain/access/audience';

export async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, fileUrls, config } = app.context;
  const llmAvailable = evaluationClientFor(config) !== null;

  const present = (row: CampaignRow) => toCampaign(row, fileUrls, llmAvailable);

  app.get(
    '/campaigns',
    {
      schema: {
        operationId: 'listCampaigns',
        tags: ['campaigns'],
        querystring: campaignListQuerySchema,
        response: { 200: pageSchema(campaignSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { start_after: startAfter, limit, q } = request.query;
      const rows = await listCampaigns(db, request.principal.user, { q, startAfter, limit });
      return toPage(rows, limit, present);
    },
  );

  app.post(
    '/campaigns',
    {
      config: { audience: staff },
      schema: {
        operationId: 'createCampaign',
        tags: ['campaigns'],
        body: createCampaignSchema,
        response: { 201: campaignSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertCanCreateCampaign(request.principal);
      const { user } = request.principal;
      if (!user.organisationId) throw new Invalid('Your account belongs to no organisation');
      const campaign = await insertCampaign(
        db,
        { ...request.body, organisationId: user.organisationId, createdBy: user.id },
        [{ userId: user.id, role: 'owner', policy: {} }],
      );
      return reply.code(201).send(present(campaign));
    },
  );

  app.get(
    '/campaigns-metadatas',
    {
      schema: {
        operationId: 'listCampaignMetadataKeys',
        tags: ['campaigns'],
        response: { 200: z.array(campaignMetadataSchema), ...errorResponses },
      },
    },
    async (request) => metadataKeysOfReadableCampaigns(db, request.principal.user),
  );

  app.get(
    '/campaigns/:id',
    {
      schema: {
        operationId: 'getCampaign',
        tags: ['campaigns'],
        params: idParamsSchema,
        response: { 200: campaignSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanReadCampaign(request.principal, campaign, campaign.membership);
      return present(campaign);
    },
  );

  app.patch(
    '/campaigns/:id',
    {
      schema: {
        operationId: 'updateCampaign',
        tags: ['campaigns'],
        params: idParamsSchema,
        body: updateCampaignSchema,
        response: { 200: campaignSchema, 422: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = request.principal;
      const campaign = await findCampaign(db, request.params.id, user.id);
      assertCampaignPermission(request.principal, campaign, campaign.membership, 'can_edit_settings');
      if (request.body.evaluation_engine === 'llm' && !llmAvailable)
        throw new Unprocessable('No evaluation provider is configured on this server');
      return present(await updateCampaign(db, campaign.id, request.body, user.id));
    },
  );

  app.delete(
    '/campaigns/:id',
    {
      schema: {
        operationId: 'deleteCampaign',
        tags: ['campaigns'],
        params: idParamsSchema,
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanDeleteCampaign(request.principal, campaign, campaign.membership);
      await removeCampaign({ db, files }, campaign);
      return reply.code(204).send();
    },
  );

  app.post(
    '/campaigns/:id/duplicate',
    {
      schema: {
        operationId: 'duplicateCampaign',
        tags: ['campaigns'],
        params: idParamsSchema,
        response: { 201: campaignSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { user } = request.principal;
      const source = await findCampaign(db, request.params.id, user.id);
      assertCanDuplicateCampaign(request.principal, source, source.membership);
      return reply.code(201).send(present(await duplicateCampaign({ db, files }, user, source)));
    },
  );

  app.post(
    '/campaigns/:id/logo',
    {
      schema: {
        operationId: 'uploadCampaignLogo',
        tags: ['campaigns'],
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          200: campaignSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user } = request.principal;
      const campaign = await findCampaign(db, request.params.id, user.id);
      // Checked before the upload is read, so a refused caller does not get to send 2 MB for nothing.
      assertCampaignPermission(request.principal, campaign, campaign.membership, 'can_edit_settings');
      const logo = await request.receiveFile({ field: logoFieldName, maxBytes: logoMaxBytes }, async (file) =>
        inspectLogo(await file.read()),
      );
      const logoKey = newFileKey('logo', logo.mediaType);
      await files.put(logoKey, logo.body);
      await setCampaignLogo(db, campaign.id, logoKey);
      if (campaign.logoKey) await files.delete(campaign.logoKey);
      return present(await findCampaign(db, campaign.id, user.id));
    },
  );
}
