// The organisations API: organisations with their user and campaign counts, their users, their campaigns,
// invitations into them, and the current user's own organisation.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { campaignListQuerySchema, campaignSchema, createCampaignSchema } from '../../contract/campaigns';
import { errorResponses, errorResponseSchema, pageSchema } from '../../contract/common';
import {
  createOrganisationSchema,
  organisationListQuerySchema,
  organisationParamsSchema,
  organisationSummarySchema,
} from '../../contract/organisations';
import {
  invitationResultSchema,
  inviteQuerySchema,
  inviteUserSchema,
  organisationSchema,
  userListQuerySchema,
  userSchema,
} from '../../contract/users';
import { inviteUser } from '../auth/invitations';
import { principalSource } from '../audit-log/source';
import { toCampaign } from '../campaigns/present';
import { evaluationClientFor } from '../engines/evaluation';
import { insertCampaign, listCampaigns } from '../campaigns/store';
import { toPage } from '../db/lists';
import {
  assertCanInviteInto,
  assertCanManageOrganisation,
  assertCanReadOrganisation,
} from '../domain/access/organisations';
import { assertAdmin } from '../domain/access/principal';
import { Conflict, NotFound } from '../errors';
import { toUser } from '../users/present';
import { listUsers } from '../users/store';
import { toOrganisation, toOrganisationSummary } from './present';
import { findOrganisation, findOrganisationRecord, insertOrganisation, listOrganisations } from './store';

/** The errors of `/users/me/organisation`, as the other `/users/me` routes answer them. */
const currentUserErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
import { admins, staff } from '../domain/access/audience';

export async function organisationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer, fileUrls } = app.context;

  app.get(
    '/users/me/organisation',
    {
      schema: {
        operationId: 'getCurrentUserOrganisation',
        tags: ['users'],
        response: {
          200: organisationSchema,
          404: errorResponseSchema,
          ...currentUserErrors,
        },
      },
    },
    async (request) => {
      const { organisationId } = request.principal.user;
      const organisation = organisationId ? await findOrganisationRecord(db, organisationId) : null;
      if (!organisation) throw new NotFound('Organisation');
      return toOrganisation(organisation);
    },
  );

  app.get(
    '/organisations',
    {
      config: { audience: admins },
      schema: {
        operationId: 'listOrganisations',
        tags: ['organisations'],
        querystring: organisationListQuerySchema,
        response: { 200: pageSchema(organisationSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.principal);
      const { start_after: startAfter, limit, q } = request.query;
      const rows = await listOrganisations(db, { q, startAfter, limit });
      return toPage(rows, limit, toOrganisationSummary);
    },
  );

  app.post(
    '/organisations',
    {
      config: { audience: admins },
      schema: {
        operationId: 'createOrganisation',
        tags: ['organisations'],
        body: createOrganisationSchema,
        response: { 201: organisationSummarySchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.principal);
      const id = await insertOrganisation(db, request.body.name);
      if (id === null) throw new Conflict('An organisation with this name already exists');
      return reply.code(201).send(toOrganisationSummary(await findOrganisation(db, id)));
    },
  );

  app.get(
    '/organisations/:id',
    {
      schema: {
        operationId: 'getOrganisation',
        tags: ['organisations'],
        params: organisationParamsSchema,
        response: { 200: organisationSummarySchema, ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanReadOrganisation(request.principal, organisation.id);
      return toOrganisationSummary(organisation);
    },
  );

  app.get(
    '/organisations/:id/users',
    {
      schema: {
        operationId: 'listOrganisationUsers',
        tags: ['organisations'],
        params: organisationParamsSchema,
        querystring: userListQuerySchema,
        response: { 200: pageSchema(userSchema), ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanReadOrganisation(request.principal, organisation.id);
      const { start_after: startAfter, limit, q, role } = request.query;
      return listUsers(db, { organisationId: organisation.id, q, role, startAfter, limit });
    },
  );

  app.get(
    '/organisations/:id/campaigns',
    {
      schema: {
        operationId: 'listOrganisationCampaigns',
        tags: ['organisations'],
        params: organisationParamsSchema,
        querystring: campaignListQuerySchema,
        response: { 200: pageSchema(campaignSchema), ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanManageOrganisation(request.principal, organisation.id);
      const { start_after: startAfter, limit, q } = request.query;
      const rows = await listCampaigns(db, request.principal.user, {
        organisationId: organisation.id,
        q,
        startAfter,
        limit,
      });
      return toPage(rows, limit, (row) => toCampaign(row, fileUrls, evaluationClientFor(config) !== null));
    },
  );

  app.post(
    '/organisations/:id/campaigns',
    {
      schema: {
        operationId: 'createOrganisationCampaign',
        tags: ['organisations'],
        params: organisationParamsSchema,
        body: createCampaignSchema,
        response: { 201: campaignSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanManageOrganisation(request.principal, organisation.id);
      const { user } = request.principal;
      // No owner: the admin works for the organisation and adds its members, owners included, afterwards.
      const campaign = await insertCampaign(
        db,
        { ...request.body, organisationId: organisation.id, createdBy: user.id },
        [],
      );
      return reply.code(201).send(toCampaign(campaign, fileUrls, evaluationClientFor(config) !== null));
    },
  );

  app.post(
    '/organisations/:id/users/invite',
    {
      config: { audience: staff },
      schema: {
        operationId: 'inviteOrganisationUser',
        tags: ['organisations'],
        params: organisationParamsSchema,
        querystring: inviteQuerySchema,
        body: inviteUserSchema,
        response: { 201: invitationResultSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanInviteInto(request.principal, organisation.id);
      const sendEmail = request.query.send_invite_email;
      const { user, link } = await inviteUser(
        { db, audit: principalSource(request), mailer, log: request.log, publicUrl: config.publicUrl },
        { ...request.body, organisationId: organisation.id },
        { sendEmail },
      );
      // The link goes back only when no mail carried it, for the inviter to hand it over themselves.
      return reply.code(201).send({ user: toUser(user), invitation_url: sendEmail ? null : link });
    },
  );
}
