// The review queue's API: a campaign's sampling rules, read and written whole by the people who may edit the
// campaign's settings (owners, editors with the flag, admins), and the assignments of conversations to reviewers
// (staff only: agents never review), with each reviewer's progress and a campaign's team over a period.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import {
  campaignReviewersSchema,
  newReviewAssignmentsSchema,
  reviewAssignmentChangesSchema,
  reviewAssignmentListQuerySchema,
  reviewAssignmentPageSchema,
  reviewAssignmentSchema,
  reviewPeriodQuerySchema,
  reviewProgressSchema,
  reviewReassignmentSchema,
  reviewRulesInputSchema,
  reviewRulesSchema,
  reviewTeamQuerySchema,
  reviewTeamSchema,
} from '../../contract/reviews';
import { fromUnixSeconds } from '../db/time';
import { staff } from '../domain/access/audience';
import { assignConversations, assignmentFilter, changeAssignment } from './assignments-service';
import { findAssignment, findAssignments, listAssignments } from './assignments-store';
import { managedCampaign } from './campaign-access';
import { reviewerCounts } from './counts-store';
import { toAssignment, toReviewRule } from './present';
import { listReviewers } from './reviewers-store';
import { listReviewRules } from './rules-store';
import { writeReviewRules } from './rules-service';
import { reassignAssignments } from './reassign-service';
import { campaignTeam } from './team-service';

const tags = ['reviews'];

export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  app.get(
    '/campaigns/:id/review-rules',
    {
      schema: {
        operationId: 'listReviewRules',
        tags,
        params: idParamsSchema,
        response: { 200: reviewRulesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await managedCampaign(db, request.principal, request.params.id);
      return (await listReviewRules(db, campaign.id)).map(toReviewRule);
    },
  );

  app.put(
    '/campaigns/:id/review-rules',
    {
      schema: {
        operationId: 'replaceReviewRules',
        tags,
        params: idParamsSchema,
        body: reviewRulesInputSchema,
        response: { 200: reviewRulesSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await managedCampaign(db, request.principal, request.params.id);
      return writeReviewRules(db, campaign, request.body);
    },
  );

  app.get(
    '/campaigns/:id/reviewers',
    {
      schema: {
        operationId: 'listCampaignReviewers',
        tags,
        params: idParamsSchema,
        response: { 200: campaignReviewersSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await managedCampaign(db, request.principal, request.params.id);
      return listReviewers(db, campaign);
    },
  );

  app.get(
    '/reviews/assignments',
    {
      config: { audience: staff },
      schema: {
        operationId: 'listReviewAssignments',
        tags,
        querystring: reviewAssignmentListQuerySchema,
        response: { 200: reviewAssignmentPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { start_after: startAfter, limit } = request.query;
      const filter = await assignmentFilter(db, request.principal, request.query);
      const { rows, total } = await listAssignments(db, filter, { startAfter, limit });
      const now = new Date();
      return {
        items: rows.map((row) => toAssignment(row, now)),
        next_start_after: rows.length === limit ? (rows.at(-1)?.assignment.id ?? null) : null,
        total,
      };
    },
  );

  app.post(
    '/reviews/assignments',
    {
      config: { audience: staff },
      schema: {
        operationId: 'createReviewAssignments',
        tags,
        body: newReviewAssignmentsSchema,
        response: { 201: z.array(reviewAssignmentSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ids = await assignConversations(db, request.principal, request.body);
      const now = new Date();
      const rows = await findAssignments(db, ids);
      return reply.code(201).send(rows.map((row) => toAssignment(row, now)));
    },
  );

  app.patch(
    '/reviews/assignments/:id',
    {
      config: { audience: staff },
      schema: {
        operationId: 'updateReviewAssignment',
        tags,
        params: idParamsSchema,
        body: reviewAssignmentChangesSchema,
        response: { 200: reviewAssignmentSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await changeAssignment(db, request.principal, request.params.id, request.body);
      const row = await findAssignment(db, request.params.id);
      if (!row) throw new Error(`The review assignment ${request.params.id} vanished`);
      return toAssignment(row);
    },
  );

  app.post(
    '/reviews/assignments/reassign',
    {
      config: { audience: staff },
      schema: {
        operationId: 'reassignReviewAssignments',
        tags,
        body: reviewReassignmentSchema,
        response: { 200: z.array(reviewAssignmentSchema), 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const ids = await reassignAssignments(db, request.principal, request.body);
      const now = new Date();
      return (await findAssignments(db, ids)).map((row) => toAssignment(row, now));
    },
  );

  app.get(
    '/reviews/progress',
    {
      config: { audience: staff },
      schema: {
        operationId: 'getReviewProgress',
        tags,
        querystring: reviewPeriodQuerySchema,
        response: { 200: reviewProgressSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { assigned, done, overdue, pending } = await reviewerCounts(
        db,
        request.principal.user.id,
        periodOf(request.query),
      );
      return { assigned, done, overdue, pending };
    },
  );

  app.get(
    '/reviews/team',
    {
      config: { audience: staff },
      schema: {
        operationId: 'getReviewTeam',
        tags,
        querystring: reviewTeamQuerySchema,
        response: { 200: reviewTeamSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await managedCampaign(db, request.principal, request.query.campaign);
      return campaignTeam(db, campaign, periodOf(request.query));
    },
  );
}

/** A period from the API's unix seconds. */
const periodOf = ({ from, to }: { from: number; to: number }) => ({
  from: fromUnixSeconds(from),
  to: fromUnixSeconds(to),
});
