// The users API: the current user, profiles, the admin's user list, enabling and disabling, invitations, and
// a user's campaign roles.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userCampaignSchema } from '../../contract/campaigns';
import { errorResponseSchema, idParamsSchema, pageSchema } from '../../contract/common';
import {
  currentUserSchema,
  inviteUserSchema,
  organisationSchema,
  updateUserSchema,
  userListQuerySchema,
  userSchema,
} from '../../contract/users';
import { inviteUser } from '../auth/invitations';
import { humanOrder } from '../db/lists';
import { campaignMembers, campaigns, organisations, users } from '../db/schema';
import { toUnixSeconds } from '../db/time';
import {
  assertAdmin,
  assertCanChangeUserStatus,
  assertCanInviteInto,
  assertCanReadUser,
  assertCanReadUserCampaigns,
  assertCanUpdateUser,
} from '../domain/access';
import { Invalid, NotFound } from '../errors';
import { listUsers } from '../users/list-users';
import { toCurrentUser, toUser } from '../users/present';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer } = app.context;

  const findUser = async (id: string) => {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw new NotFound('User');
    return row;
  };

  app.get(
    '/users/me',
    {
      schema: {
        operationId: 'getCurrentUser',
        tags: ['users'],
        response: { 200: currentUserSchema, ...errors },
      },
    },
    async (request) => toCurrentUser(request.principal, config),
  );

  app.get(
    '/users/me/organisation',
    {
      schema: {
        operationId: 'getCurrentUserOrganisation',
        tags: ['users'],
        response: { 200: organisationSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organisationId } = request.principal.user;
      const [row] = organisationId
        ? await db.select().from(organisations).where(eq(organisations.id, organisationId))
        : [];
      if (!row) throw new NotFound('Organisation');
      return { id: row.id, name: row.name, created_at: toUnixSeconds(row.createdAt) };
    },
  );

  app.get(
    '/users',
    {
      schema: {
        operationId: 'listUsers',
        tags: ['users'],
        querystring: userListQuerySchema,
        response: { 200: pageSchema(userSchema), ...errors },
      },
    },
    async (request) => {
      assertAdmin(request.principal);
      const { start_after: startAfter, limit, q, role } = request.query;
      return listUsers(db, { q, role, startAfter, limit });
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        operationId: 'getUser',
        tags: ['users'],
        params: idParamsSchema,
        response: { 200: userSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(request.params.id);
      assertCanReadUser(request.principal, user);
      return toUser(user);
    },
  );

  app.get(
    '/users/:id/campaigns',
    {
      schema: {
        operationId: 'listUserCampaigns',
        tags: ['users'],
        params: idParamsSchema,
        response: { 200: z.array(userCampaignSchema), 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(request.params.id);
      assertCanReadUserCampaigns(request.principal, user);
      const rows = await db
        .select({
          campaign_id: campaigns.id,
          campaign_name: campaigns.name,
          organisation_id: campaigns.organisationId,
          role: campaignMembers.role,
          policy: campaignMembers.policy,
        })
        .from(campaignMembers)
        .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
        .where(eq(campaignMembers.userId, user.id));
      return rows.sort((a, b) => humanOrder.compare(a.campaign_name, b.campaign_name));
    },
  );

  app.patch(
    '/users/:id',
    {
      schema: {
        operationId: 'updateUser',
        tags: ['users'],
        params: idParamsSchema,
        body: updateUserSchema,
        response: { 200: userSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await findUser(request.params.id);
      assertCanUpdateUser(request.principal, user);
      if (request.body.status !== undefined) assertCanChangeUserStatus(request.principal, user);
      if (request.body.role !== undefined || request.body.policy !== undefined)
        assertAdmin(request.principal);
      const [updated] = await db.update(users).set(request.body).where(eq(users.id, user.id)).returning();
      return toUser(updated ?? user);
    },
  );

  app.post(
    '/users/invite',
    {
      schema: {
        operationId: 'inviteUser',
        tags: ['users'],
        body: inviteUserSchema,
        response: { 201: userSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { organisationId } = request.principal.user;
      if (!organisationId) throw new Invalid('Your account belongs to no organisation');
      assertCanInviteInto(request.principal, organisationId);
      const { user } = await inviteUser(
        { db, mailer, log: request.log, publicUrl: config.publicUrl },
        { ...request.body, organisationId },
      );
      return reply.code(201).send(toUser(user));
    },
  );
}
