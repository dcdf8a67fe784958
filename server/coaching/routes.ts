// The coaching API: plans listed, read, written and deleted, example conversations attached and detached, the
// agent's weakest items as suggestions, a plan's weekly progress and the agent's acknowledgement. Coaching users of
// the agent's organisation and admins write; the agent reads their own plans; to anyone else they do not exist.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  coachingExampleInputSchema,
  coachingExampleParamsSchema,
  coachingPlanChangesSchema,
  coachingPlanListQuerySchema,
  coachingPlanSchema,
  coachingProgressSchema,
  coachingSuggestionsQuerySchema,
  coachingSuggestionsSchema,
  newCoachingPlanSchema,
} from '../../contract/coaching';
import { errorResponses, idParamsSchema } from '../../contract/common';
import { findCampaign } from '../campaigns/store';
import {
  assertCanAcknowledgePlan,
  assertCanCoach,
  assertCanReadPlan,
  assertCanWritePlan,
  coachingAudience,
  isCoachingUser,
} from '../domain/access/coaching';
import { assertCanReadCampaign } from '../domain/access/campaigns';
import type { Principal } from '../domain/access/principal';
import { InvalidFields, NotFound } from '../errors';
import { toPlans } from './present';
import { attachExample, changePlan, createPlan, planProgress, suggestFocusItems } from './service';
import {
  acknowledgePlan,
  deleteExample,
  deletePlan,
  findPlan,
  findUser,
  listFocusItems,
  listPlans,
  type PlanFilter,
  type PlanRecord,
} from './store';

const tags = ['coaching'];

export async function coachingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.context;
  const { coachingUsers } = config;
  const coaches = coachingAudience(coachingUsers);

  const one = async (row: PlanRecord) => {
    const [plan] = await toPlans(db, [row]);
    if (!plan) throw new Error(`The coaching plan ${row.id} was not presented`);
    return plan;
  };

  async function readablePlan(principal: Principal, id: string) {
    const plan = await findPlan(db, id);
    assertCanReadPlan(principal, coachingUsers, plan);
    return plan;
  }

  async function writablePlan(principal: Principal, id: string) {
    const plan = await findPlan(db, id);
    assertCanWritePlan(principal, coachingUsers, plan);
    return plan;
  }

  /** The agent the principal coaches (404 for an unknown id, a user they do not coach, or a non-agent). */
  async function coachedAgent(principal: Principal, agentId: string) {
    const agent = await findUser(db, agentId);
    assertCanCoach(principal, coachingUsers, agent);
    if (!agent || agent.role !== 'agent' || agent.organisationId === null) throw new NotFound('Agent');
    return { ...agent, organisationId: agent.organisationId };
  }

  /** Which plans the principal lists: an agent their own, a coach their organisation's, an admin everyone's. */
  async function listFilter(principal: Principal, agentId: string | undefined): Promise<PlanFilter> {
    const { user } = principal;
    if (!user.isAdmin && user.role === 'agent') {
      if (agentId !== undefined && agentId !== user.id) throw new NotFound('Agent');
      return { organisationId: null, agentId: user.id };
    }
    if (agentId !== undefined) {
      const agent = await coachedAgent(principal, agentId);
      return { organisationId: agent.organisationId, agentId };
    }
    if (user.isAdmin) return { organisationId: null };
    if (!isCoachingUser(coachingUsers, user) || user.organisationId === null) {
      throw new NotFound('Coaching plans');
    }
    return { organisationId: user.organisationId };
  }

  app.get(
    '/coaching/plans',
    {
      schema: {
        operationId: 'listCoachingPlans',
        tags,
        querystring: coachingPlanListQuerySchema,
        response: { 200: z.array(coachingPlanSchema), ...errorResponses },
      },
    },
    async (request) => {
      const filter = await listFilter(request.principal, request.query.agent_id);
      return toPlans(db, await listPlans(db, { ...filter, status: request.query.status }));
    },
  );

  app.post(
    '/coaching/plans',
    {
      config: { audience: coaches },
      schema: {
        operationId: 'createCoachingPlan',
        tags,
        body: newCoachingPlanSchema,
        response: { 201: coachingPlanSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const agent = await coachedAgent(request.principal, request.body.agent_id);
      const plan = await createPlan(db, request.principal, agent, request.body);
      return reply.code(201).send(await one(plan));
    },
  );

  app.get(
    '/coaching/plans/:id',
    {
      schema: {
        operationId: 'getCoachingPlan',
        tags,
        params: idParamsSchema,
        response: { 200: coachingPlanSchema, ...errorResponses },
      },
    },
    async (request) => one(await readablePlan(request.principal, request.params.id)),
  );

  app.patch(
    '/coaching/plans/:id',
    {
      config: { audience: coaches },
      schema: {
        operationId: 'updateCoachingPlan',
        tags,
        params: idParamsSchema,
        body: coachingPlanChangesSchema,
        response: { 200: coachingPlanSchema, ...errorResponses },
      },
    },
    async (request) => {
      const plan = await writablePlan(request.principal, request.params.id);
      return one(await changePlan(db, request.principal, plan, request.body));
    },
  );

  app.delete(
    '/coaching/plans/:id',
    {
      config: { audience: coaches },
      schema: {
        operationId: 'deleteCoachingPlan',
        tags,
        params: idParamsSchema,
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const plan = await writablePlan(request.principal, request.params.id);
      await deletePlan(db, plan.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/coaching/plans/:id/acknowledge',
    {
      schema: {
        operationId: 'acknowledgeCoachingPlan',
        tags,
        params: idParamsSchema,
        response: { 200: coachingPlanSchema, ...errorResponses },
      },
    },
    async (request) => {
      const plan = await findPlan(db, request.params.id);
      assertCanAcknowledgePlan(request.principal, coachingUsers, plan);
      return one(await acknowledgePlan(db, plan));
    },
  );

  app.put(
    '/coaching/plans/:id/examples/:conversationId',
    {
      config: { audience: coaches },
      schema: {
        operationId: 'putCoachingExample',
        tags,
        params: coachingExampleParamsSchema,
        body: coachingExampleInputSchema,
        response: { 200: coachingPlanSchema, ...errorResponses },
      },
    },
    async (request) => {
      const plan = await writablePlan(request.principal, request.params.id);
      await attachExample(db, request.principal, plan, request.params.conversationId, request.body.note);
      return one(await findPlan(db, plan.id));
    },
  );

  app.delete(
    '/coaching/plans/:id/examples/:conversationId',
    {
      config: { audience: coaches },
      schema: {
        operationId: 'deleteCoachingExample',
        tags,
        params: coachingExampleParamsSchema,
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const plan = await writablePlan(request.principal, request.params.id);
      if (!(await deleteExample(db, plan.id, request.params.conversationId))) {
        throw new NotFound('Example conversation');
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/coaching/plans/:id/progress',
    {
      schema: {
        operationId: 'getCoachingPlanProgress',
        tags,
        params: idParamsSchema,
        response: { 200: coachingProgressSchema, ...errorResponses },
      },
    },
    async (request) => {
      const plan = await readablePlan(request.principal, request.params.id);
      const focusItems = (await listFocusItems(db, [plan.id])).map(({ focus }) => focus);
      return planProgress(db, plan, focusItems, Math.floor(Date.now() / 1000));
    },
  );

  app.get(
    '/coaching/suggestions',
    {
      config: { audience: coaches },
      schema: {
        operationId: 'getCoachingSuggestions',
        tags,
        querystring: coachingSuggestionsQuerySchema,
        response: { 200: coachingSuggestionsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { principal, query } = request;
      const agent = await coachedAgent(principal, query.agent_id);
      const campaign = await findCampaign(db, query.campaign_id, principal.user.id);
      assertCanReadCampaign(principal, campaign, campaign.membership);
      if (campaign.organisationId !== agent.organisationId) {
        throw new InvalidFields('The campaign is not of the agent’s organisation', [
          { path: 'campaign_id', message: 'Not a campaign of the agent’s organisation' },
        ]);
      }
      return suggestFocusItems(db, query);
    },
  );
}
