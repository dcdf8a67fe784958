// The custom analyses API: a campaign's questions, listed by its readers and created, changed or deleted by those
// who may edit its settings; a creation or a change of what is asked says how many conversations answer it anew.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorResponseSchema, idParamsSchema } from '../../contract/common';
import {
  customAnalysisInputSchema,
  customAnalysisLimits,
  customAnalysisListSchema,
  customAnalysisSavedSchema,
  updateCustomAnalysisSchema,
} from '../../contract/custom-analyses';
import { findCampaign } from '../campaigns/store';
import type { Principal } from '../domain/access/principal';
import { assertCampaignPermission, assertCanReadCampaign } from '../domain/access/campaigns';
import { Conflict, Invalid } from '../errors';
import { toCustomAnalysis, toCustomAnalysisInput } from './present';
import { changeCustomAnalysis, createCustomAnalysis } from './service';
import { countCustomAnalyses, deleteCustomAnalysis, findCustomAnalysis, listCustomAnalyses } from './store';

export async function customAnalysisRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pipeline } = app.context;

  /** The campaign, once the principal may edit its settings (404 when they cannot read it, else 403). */
  async function editableCampaign(principal: Principal, campaignId: string) {
    const campaign = await findCampaign(db, campaignId, principal.user.id);
    assertCampaignPermission(principal, campaign, campaign.membership, 'can_edit_settings');
    return campaign;
  }

  app.get(
    '/campaigns/:id/custom-analyses',
    {
      schema: {
        operationId: 'listCustomAnalyses',
        tags: ['custom-analyses'],
        params: idParamsSchema,
        response: { 200: customAnalysisListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const campaign = await findCampaign(db, request.params.id, request.principal.user.id);
      assertCanReadCampaign(request.principal, campaign, campaign.membership);
      return { items: (await listCustomAnalyses(db, campaign.id)).map(toCustomAnalysis) };
    },
  );

  app.post(
    '/campaigns/:id/custom-analyses',
    {
      schema: {
        operationId: 'createCustomAnalysis',
        tags: ['custom-analyses'],
        params: idParamsSchema,
        body: customAnalysisInputSchema,
        response: { 201: customAnalysisSavedSchema, 409: errorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const campaign = await editableCampaign(request.principal, request.params.id);
      if ((await countCustomAnalyses(db, campaign.id)) >= customAnalysisLimits.perCampaign) {
        throw new Conflict(`A campaign holds at most ${customAnalysisLimits.perCampaign} custom analyses`);
      }
      const { row, reanalysing } = await createCustomAnalysis({ db, pipeline }, campaign.id, request.body);
      return reply.code(201).send({ ...toCustomAnalysis(row), reanalysing });
    },
  );

  app.patch(
    '/custom-analyses/:id',
    {
      schema: {
        operationId: 'updateCustomAnalysis',
        tags: ['custom-analyses'],
        params: idParamsSchema,
        body: updateCustomAnalysisSchema,
        response: { 200: customAnalysisSavedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const before = await findCustomAnalysis(db, request.params.id);
      await editableCampaign(request.principal, before.campaignId);
      const { options, rules, ...rest } = request.body;
      const merged: Record<string, unknown> = { ...toCustomAnalysisInput(before), ...rest };
      if (options !== undefined) merged.options = options ?? undefined;
      if (rules !== undefined) merged.rules = rules ?? undefined;
      // A type other than choice keeps no options; rules written for another type are refused below.
      if (merged.type !== 'choice') delete merged.options;
      const parsed = customAnalysisInputSchema.safeParse(merged);
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        throw new Invalid(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'Invalid value'}`);
      }
      const { row, reanalysing } = await changeCustomAnalysis({ db, pipeline }, before, parsed.data);
      return { ...toCustomAnalysis(row), reanalysing };
    },
  );

  app.delete(
    '/custom-analyses/:id',
    {
      schema: {
        operationId: 'deleteCustomAnalysis',
        tags: ['custom-analyses'],
        params: idParamsSchema,
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const analysis = await findCustomAnalysis(db, request.params.id);
      await editableCampaign(request.principal, analysis.campaignId);
      await deleteCustomAnalysis(db, analysis.id);
      return reply.code(204).send();
    },
  );
}
