// The custom analyses' dashboard graphs: the answers' distribution per analysis of the campaigns, and a free-text
// analysis's answers page by page; campaigns the caller cannot read answer 404 (403 to a non-member of the same
// organisation), and agents get only their own conversations' answers whatever they ask.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParamsSchema, idSchema } from '../../../contract/common';
import { customAnalysisDetailsSchema, freeTextAnswersSchema } from '../../../contract/custom-analyses';
import { graphQuerySchema } from '../../../contract/dashboards';
import { assertGraphScope } from './scope-store';
import { NotFound } from '../../errors';
import { findCustomAnalysis } from '../../custom-analyses/store';
import { findCustomAnalysisDetails, findFreeTextAnswers } from './custom-analyses-store';

const freeTextQuerySchema = graphQuerySchema.and(
  z.object({
    start_after: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
);

export async function customAnalysisGraphRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, readDb } = app.context;

  app.get(
    '/dashboards/graphs/custom-analyses/details',
    {
      config: { apiKeyScope: 'dashboards:read' },
      schema: {
        operationId: 'getCustomAnalysisDetails',
        tags: ['dashboards'],
        querystring: graphQuerySchema,
        response: { 200: customAnalysisDetailsSchema, ...errorResponses },
      },
    },
    async (request) =>
      findCustomAnalysisDetails(readDb, await assertGraphScope(db, request.principal, request.query)),
  );

  app.get(
    '/dashboards/graphs/custom-analyses-free-text/:id',
    {
      config: { apiKeyScope: 'dashboards:read' },
      schema: {
        operationId: 'getCustomAnalysisFreeText',
        tags: ['dashboards'],
        params: idParamsSchema,
        querystring: freeTextQuerySchema,
        response: { 200: freeTextAnswersSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { query, principal } = request;
      const conversations = await assertGraphScope(db, principal, query);
      const analysis = await findCustomAnalysis(db, request.params.id);
      // The analysis must belong to one of the campaigns asked for, which the caller reads.
      if (!conversations.campaignIds.includes(analysis.campaignId)) throw new NotFound('Custom analysis');
      return findFreeTextAnswers(readDb, analysis.id, conversations, {
        startAfter: query.start_after,
        limit: query.limit,
      });
    },
  );
}
