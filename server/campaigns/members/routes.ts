// The campaign users API: the caller's role, the member list, adding members, changing and removing them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCampaignMemberSchema,
  campaignMemberParamsSchema,
  campaignMemberSchema,
  myCampaignRoleSchema,
  updateCampaignMemberSchema,
} from '../../../contract/campaigns';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../../contract/common';
import { byName } from '../../db/lists';
import { assertCanListCampaignMembers } from '../../domain/access/campaign-members';
import {
  assertCampaignPermission,
  assertCanReadCampaign,
  effectiveCampaignPolicy,
} from '../../domain/access/campaigns';
import type { Principal } from '../../domain/access/principal';
import { findCampaign } from '../store';
import { toCampaignMember } from './present';
import { principalSource } from '../../audit-log/source';
import { addMember, removeMember, updateMember, type Changer } from './service';
import { listMembers } from './store';

const changerOf = (request: FastifyRequest): Changer => ({
  principal: request.principal,
  source: principalSource(request),
});

const changeErrors = { ...errorResponses, 409: errorResponseSchema, 422: errorResponseSchema };

export async function campaignMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  /** The campaign, once the principal is known to manage its users. */
  const managedCampaign = async (principal: Principal, id: string) => {
    const campaign = await findCampaign(db, id, principal.user.id);
    assertCampaignPermission(principal, campaign, campaign.membership, 'can_manage_users');
    return campaign;
  };

  app.get(
    '/campaigns/:id/users/me/role',
    {
      schema: {
        operationId: 'getMyCampaignRole',
        tags: ['campaign users'],
        params: idParamsSchema,
        response: { 200: myCampaignRoleSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = request.principal;
      const campaign = await findCampaign(db, request.params.id, user.id);
      assertCanReadCampaign(request.principal, campaign, campaign.membership);
      return {
        role: campaign.membership?.role ?? null,
        policy: effectiveCampaignPolicy(user, campaign.membership),
        admin: user.isAdmin,
      };
    },
  );

  app.get(
    '/campaigns/:id/users',
    {
      schema: {
        operationId: 'listCampaignMembers',
        tags: ['campaign users'],
        params: idParamsSchema,
        response: { 200: z.array(campaignMemberSchema), ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanListCampaignMembers(request.principal, campaign, campaign.membership);
      const members = await listMembers(db, campaign.id);
      return members.sort(byName).map(toCampaignMember);
    },
  );

  app.post(
    '/campaigns/:id/users',
    {
      schema: {
        operationId: 'addCampaignMember',
        tags: ['campaign users'],
        params: idParamsSchema,
        body: addCampaignMemberSchema,
        response: { 201: campaignMemberSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const campaign = await managedCampaign(request.principal, request.params.id);
      return reply.code(201).send(await addMember(db, changerOf(request), campaign, request.body));
    },
  );

  app.put(
    '/campaigns/:id/users/:userId/role',
    {
      schema: {
        operationId: 'updateCampaignMember',
        tags: ['campaign users'],
        params: campaignMemberParamsSchema,
        body: updateCampaignMemberSchema,
        response: { 200: campaignMemberSchema, ...changeErrors },
      },
    },
    async (request) => {
      const campaign = await managedCampaign(request.principal, request.params.id);
      return updateMember(db, changerOf(request), campaign, request.params.userId, request.body);
    },
  );

  app.delete(
    '/campaigns/:id/users/:userId',
    {
      schema: {
        operationId: 'removeCampaignMember',
        tags: ['campaign users'],
        params: campaignMemberParamsSchema,
        response: { 204: z.void(), ...changeErrors },
      },
    },
    async (request, reply) => {
      const campaign = await managedCampaign(request.principal, request.params.id);
      await removeMember(db, changerOf(request), campaign, request.params.userId);
      return reply.code(204).send();
    },
  );
}
