// The evaluation grids API: a campaign's grid, read by the campaign's readers and published in a new version by
// those who may edit its settings (who may check a draft first: server/golden-set-check/, and save it unpublished
// for later, seen by them only); its items and older versions, readable by the same readers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import {
  evaluationGridItemParamsSchema,
  evaluationGridItemQuerySchema,
  evaluationGridDraftSchema,
  evaluationGridDraftStateSchema,
  evaluationGridSchema,
  evaluationGridVersionParamsSchema,
  evaluationGridVersionSummarySchema,
  evaluationItemSchema,
  publishEvaluationGridSchema,
} from '../../contract/evaluation-grids';
import { findCampaign } from '../campaigns/store';
import { assertCampaignPermission, assertCanReadCampaign } from '../domain/access/campaigns';
import type { Principal } from '../domain/access/principal';
import { NotFound } from '../errors';
import { toEvaluationGrid, toEvaluationGridDraft, toVersionSummary } from './present';
import { principalSource } from '../audit-log/source';
import { publishGrid, saveDraft } from './service';
import {
  clearGridDraft,
  ensureCampaignGrid,
  findGrid,
  findGridDraft,
  findGridVersion,
  listGridVersions,
} from './store';

const tags = ['evaluation-grids'];

export async function evaluationGridRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  /** The grid with its campaign, once the principal is known to read the campaign. */
  async function readableGrid(principal: Principal, gridId: string) {
    const grid = await findGrid(db, gridId);
    const campaign = await findCampaign(db, grid.campaignId, principal.user.id);
    assertCanReadCampaign(principal, campaign, campaign.membership);
    return { grid, campaign };
  }

  /** The grid and its campaign, once the principal is known to edit the campaign's settings. */
  async function editableGridOf(principal: Principal, gridId: string) {
    const grid = await findGrid(db, gridId);
    const campaign = await findCampaign(db, grid.campaignId, principal.user.id);
    assertCampaignPermission(principal, campaign, campaign.membership, 'can_edit_settings');
    return { grid, campaign };
  }
  const editableGrid = async (principal: Principal, gridId: string) =>
    (await editableGridOf(principal, gridId)).grid;

  app.get(
    '/campaigns/:id/evaluation-grid',
    {
      schema: {
        operationId: 'getCampaignEvaluationGrid',
        tags,
        params: idParamsSchema,
        response: { 200: evaluationGridSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanReadCampaign(request.principal, campaign, campaign.membership);
      const grid = await ensureCampaignGrid(db, campaign.id);
      return toEvaluationGrid(grid, await findGridVersion(db, grid.id, grid.version));
    },
  );

  app.patch(
    '/evaluation-grids/:id',
    {
      schema: {
        operationId: 'publishEvaluationGrid',
        tags,
        params: idParamsSchema,
        body: publishEvaluationGridSchema,
        response: { 200: evaluationGridSchema, ...errorResponses, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const { grid, campaign } = await editableGridOf(request.principal, request.params.id);
      const audit = { source: principalSource(request), organisationId: campaign.organisationId };
      return toEvaluationGrid(
        grid,
        await publishGrid(db, grid, request.body, request.principal.user.id, audit),
      );
    },
  );

  app.get(
    '/evaluation-grids/:id/draft',
    {
      schema: {
        operationId: 'getEvaluationGridDraft',
        tags,
        params: idParamsSchema,
        response: { 200: evaluationGridDraftStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const grid = await editableGrid(request.principal, request.params.id);
      const draft = await findGridDraft(db, grid.id);
      return { draft: draft && toEvaluationGridDraft(draft) };
    },
  );

  app.put(
    '/evaluation-grids/:id/draft',
    {
      schema: {
        operationId: 'saveEvaluationGridDraft',
        tags,
        params: idParamsSchema,
        body: publishEvaluationGridSchema,
        response: { 200: evaluationGridDraftSchema, ...errorResponses, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const grid = await editableGrid(request.principal, request.params.id);
      return toEvaluationGridDraft(await saveDraft(db, grid, request.body, request.principal.user.id));
    },
  );

  app.delete(
    '/evaluation-grids/:id/draft',
    {
      schema: {
        operationId: 'discardEvaluationGridDraft',
        tags,
        params: idParamsSchema,
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const grid = await editableGrid(request.principal, request.params.id);
      await clearGridDraft(db, grid.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/evaluation-grids/:id/items/:itemId',
    {
      schema: {
        operationId: 'getEvaluationGridItem',
        tags,
        params: evaluationGridItemParamsSchema,
        querystring: evaluationGridItemQuerySchema,
        response: { 200: evaluationItemSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { grid } = await readableGrid(request.principal, request.params.id);
      const version = await findGridVersion(db, grid.id, request.query.version ?? grid.version);
      const item = version.content.sections
        .flatMap((section) => section.items)
        .find((candidate) => candidate.id === request.params.itemId);
      if (!item) throw new NotFound('Evaluation grid item');
      return item;
    },
  );

  app.get(
    '/evaluation-grids/:id/versions',
    {
      schema: {
        operationId: 'listEvaluationGridVersions',
        tags,
        params: idParamsSchema,
        response: { 200: z.array(evaluationGridVersionSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { grid } = await readableGrid(request.principal, request.params.id);
      return (await listGridVersions(db, grid.id)).map(toVersionSummary);
    },
  );

  app.get(
    '/evaluation-grids/:id/versions/:version',
    {
      schema: {
        operationId: 'getEvaluationGridVersion',
        tags,
        params: evaluationGridVersionParamsSchema,
        response: { 200: evaluationGridSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { grid } = await readableGrid(request.principal, request.params.id);
      return toEvaluationGrid(grid, await findGridVersion(db, grid.id, request.params.version));
    },
  );
}
