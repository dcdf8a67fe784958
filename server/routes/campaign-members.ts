// The campaign users API: the caller's role, the member list, adding members, changing and removing them.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCampaignMemberSchema,
  campaignMemberParamsSchema,
  campaignMemberSchema,
  myCampaignRoleSchema,
  updateCampaignMemberSchema,
} from '../../contract/campaigns';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import type { CampaignRole } from '../../contract/enums';
import { toCampaignMember } from '../campaigns/present';
import { countOwners, findCampaign, findMembership, listMembers, type CampaignRow } from '../campaigns/store';
import { byName } from '../db/lists';
import { campaignMembers, campaigns, users } from '../db/schema';
import {
  assertCampaignPermission,
  assertCanChangeMembership,
  assertCanHoldCampaignRole,
  assertCanListCampaignMembers,
  assertCanReadCampaign,
  assertKeepsAnOwner,
  effectiveCampaignPolicy,
  normaliseMembership,
  type CampaignMembership,
  type Principal,
} from '../domain/access';
import { Conflict, NotFound } from '../errors';

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

  const memberOf = async (campaignId: string, userId: string) => {
    const [member] = await listMembers(db, campaignId, userId);
    if (!member) throw new NotFound('Campaign member');
    return toCampaignMember(member);
  };

  /**
   * Turns the user's membership into `after` (null removes it) once the rules allow it, in a transaction that
   * holds the campaign row: changes of one campaign's members run one after the other, so two owners stepping
   * down at once cannot leave it without an owner.
   */
  const changeMembership = (
    principal: Principal,
    campaign: CampaignRow,
    userId: string,
    after: CampaignMembership,
    { adding }: { adding: boolean },
  ) =>
    db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, campaign.id))
        .for('update');
      if (!held) throw new NotFound('Campaign');
      const before = await findMembership(tx, campaign.id, userId);
      if (adding && before) throw new Conflict('This user is already a member of the campaign');
      if (!adding && !before) throw new NotFound('Campaign member');
      const change = { before, after };
      assertCanChangeMembership(principal, campaign, campaign.membership, change);
      assertKeepsAnOwner(await countOwners(tx, campaign.id), change);
      const membership = and(eq(campaignMembers.campaignId, campaign.id), eq(campaignMembers.userId, userId));
      if (after === null) await tx.delete(campaignMembers).where(membership);
      else if (before) await tx.update(campaignMembers).set(after).where(membership);
      else await tx.insert(campaignMembers).values({ campaignId: campaign.id, userId, ...after });
    });

  /** Throws unless the user may hold the role in the campaign (404 for a user of another organisation). */
  const assertHolder = async (
    campaign: CampaignRow,
    userId: string,
    role: CampaignRole,
    options: { joining: boolean },
  ) => {
    const [target] = await db.select().from(users).where(eq(users.id, userId));
    if (!target) throw new NotFound('User');
    assertCanHoldCampaignRole(target, campaign, role, options);
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
      const { user_id: userId, role, policy } = request.body;
      const after = normaliseMembership(role, policy);
      await assertHolder(campaign, userId, role, { joining: true });
      await changeMembership(request.principal, campaign, userId, after, { adding: true });
      return reply.code(201).send(await memberOf(campaign.id, userId));
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
      const { userId } = request.params;
      const after = normaliseMembership(request.body.role, request.body.policy);
      await assertHolder(campaign, userId, after.role, { joining: false });
      await changeMembership(request.principal, campaign, userId, after, { adding: false });
      return memberOf(campaign.id, userId);
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
      await changeMembership(request.principal, campaign, request.params.userId, null, { adding: false });
      return reply.code(204).send();
    },
  );
}
