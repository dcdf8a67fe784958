// The users API: the current user, profiles, the admin's user list, enabling and disabling, invitations, and
// a user's campaign roles.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userCampaignSchema } from '../../contract/campaigns';
import { errorResponseSchema, idParamsSchema, pageSchema } from '../../contract/common';
import {
  currentUserSchema,
  inviteUserSchema,
  updateUserSchema,
  userListQuerySchema,
  userSchema,
} from '../../contract/users';
import { inviteUser } from '../auth/invitations';
import { principalSource } from '../audit-log/source';
import { assertCanInviteInto } from '../domain/access/organisations';
import { assertAdmin } from '../domain/access/principal';
import {
  assertCanChangeUserStatus,
  assertCanReadUser,
  assertCanReadUserCampaigns,
  assertCanUpdateUser,
} from '../domain/access/users';
import { Invalid } from '../errors';
import { toCurrentUser, toUser } from './present';
import { changeUser } from './service';
import { findUser, listUserCampaigns, listUsers } from './store';
import { admins, staff } from '../domain/access/audience';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config, mailer } = app.context;

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
    '/users',
    {
      config: { audience: admins },
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
      const user = await findUser(db, request.params.id);
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
      const user = await findUser(db, request.params.id);
      assertCanReadUserCampaigns(request.principal, user);
      return listUserCampaigns(db, user.id);
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
      const user = await findUser(db, request.params.id);
      assertCanUpdateUser(request.principal, user);
      if (request.body.status !== undefined) assertCanChangeUserStatus(request.principal, user);
      if (request.body.role !== undefined || request.body.policy !== undefined)
        assertAdmin(request.principal);
      return toUser(await changeUser(db, principalSource(request), user, request.body));
    },
  );

  app.post(
    '/users/invite',
    {
      config: { audience: staff },
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
        { db, audit: principalSource(request), mailer, log: request.log, publicUrl: config.publicUrl },
        { ...request.body, organisationId },
      );
      return reply.code(201).send(toUser(user));
    },
  );
}
