// The campaigns API: list, create, read, update, delete, duplicate, logo upload, metadata keys per campaign.
import { and, eq, inArray, sql } from 'drizzle-orm';
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
import { inspectLogo } from '../campaigns/logo';
import { toCampaign } from '../campaigns/present';
import { findCampaign, insertCampaign, listCampaigns, type CampaignRow } from '../campaigns/store';
import { campaignMembers, campaigns, conversations } from '../db/schema';
import { byName, humanOrder, toPage } from '../db/lists';
import {
  agentScope,
  assertCampaignPermission,
  assertCanCreateCampaign,
  assertCanDeleteCampaign,
  assertCanDuplicateCampaign,
  assertCanReadCampaign,
} from '../domain/access';
import { Invalid } from '../errors';
import { newFileKey, siblingKey } from '../storage/files';

/** A copy's name, kept within the length a campaign name may have. */
const copyName = (name: string) => `${name.slice(0, 113)} (copy)`;

export async function campaignRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, files, fileUrls } = app.context;

  const present = (row: CampaignRow) => toCampaign(row, fileUrls);

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
      const id = await insertCampaign(
        db,
        { ...request.body, organisationId: user.organisationId, createdBy: user.id },
        [{ userId: user.id, role: 'owner', policy: {} }],
      );
      return reply.code(201).send(present(await findCampaign(db, id, user.id)));
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
    async (request) => {
      const { user } = request.principal;
      const readable = await listCampaigns(db, user, {});
      if (readable.length === 0) return [];
      // Agents see only their own conversations, so only those name the keys they are shown.
      const onlyAgent = agentScope(user);
      const pairs = await db
        .selectDistinct({
          campaignId: sql<string>`${conversations.campaignId}`,
          key: sql<string>`metadata.key`,
        })
        .from(
          sql`${conversations} cross join lateral jsonb_object_keys(${conversations.metadata}) as metadata(key)`,
        )
        .where(
          and(
            inArray(
              conversations.campaignId,
              readable.map((campaign) => campaign.id),
            ),
            eq(conversations.isTest, false),
            onlyAgent === null ? undefined : eq(conversations.agentId, onlyAgent),
          ),
        );
      return readable.sort(byName).map((campaign) => ({
        campaign_id: campaign.id,
        keys: pairs
          .filter((pair) => pair.campaignId === campaign.id)
          .map((pair) => pair.key)
          .sort(humanOrder.compare),
      }));
    },
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
        response: { 200: campaignSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = request.principal;
      const campaign = await findCampaign(db, request.params.id, user.id);
      assertCampaignPermission(request.principal, campaign, campaign.membership, 'can_edit_settings');
      await db.update(campaigns).set(request.body).where(eq(campaigns.id, campaign.id));
      return present(await findCampaign(db, campaign.id, user.id));
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
      // Members, conversations and what hangs on them go with it (foreign keys cascade).
      await db.delete(campaigns).where(eq(campaigns.id, campaign.id));
      if (campaign.logoKey) await files.delete(campaign.logoKey);
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
      // The copy gets its own logo file, so deleting either campaign leaves the other's logo in place.
      let logoKey = source.logoKey && siblingKey(source.logoKey);
      if (source.logoKey && logoKey && !(await files.copy(source.logoKey, logoKey))) logoKey = null;

      const members = (
        await db.select().from(campaignMembers).where(eq(campaignMembers.campaignId, source.id))
      ).map(({ userId, role, policy }) => ({
        userId,
        // Whoever makes the copy owns it, when it is in their organisation (an admin's may be elsewhere).
        ...(userId === user.id ? { role: 'owner' as const, policy: {} } : { role, policy }),
      }));
      if (user.organisationId === source.organisationId && !members.some((m) => m.userId === user.id)) {
        members.push({ userId: user.id, role: 'owner', policy: {} });
      }
      const id = await insertCampaign(
        db,
        {
          organisationId: source.organisationId,
          name: copyName(source.name),
          description: source.description,
          language: source.language,
          settings: source.settings,
          logoKey,
          createdBy: user.id,
        },
        members,
      );
      return reply.code(201).send(present(await findCampaign(db, id, user.id)));
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
      await db.update(campaigns).set({ logoKey }).where(eq(campaigns.id, campaign.id));
      if (campaign.logoKey) await files.delete(campaign.logoKey);
      return present(await findCampaign(db, campaign.id, user.id));
    },
  );
}
