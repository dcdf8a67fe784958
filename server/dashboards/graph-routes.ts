// The dashboards' graphs read from conversations and their evaluations (spec §7): KPIs, the main score's
// evolution and distribution, agents' performance, type proportion, topics and items' details. Each reads the
// common parameters, checks the caller reads every campaign and agent named, then answers from one or two queries.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../contract/common';
import {
  agentsPerformanceQuerySchema,
  agentsPerformanceSchema,
  graphKpisSchema,
  itemDetailsSchema,
  scoreDistributionSchema,
  scoreEvolutionQuerySchema,
  scoreEvolutionSchema,
  topicsAnalysisSchema,
  typeProportionSchema,
} from '../../contract/dashboard-graphs';
import { graphQuerySchema } from '../../contract/dashboards';
import { findAgentsPerformance, findTopicsAnalysis, findTypeProportion } from './graphs/breakdown-store';
import { findItemDetails } from './graphs/item-details-store';
import { findKpis } from './graphs/kpis-store';
import { findScoreDistribution, findScoreEvolution } from './graphs/score-store';
import { assertGraphScope } from './graphs/scope-store';

export async function graphRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, readDb } = app.context;

  const schemaOf = <Query extends z.ZodType, Answer extends z.ZodType>(
    operationId: string,
    querystring: Query,
    answer: Answer,
  ) => ({
    config: { apiKeyScope: 'dashboards:read' as const },
    schema: { operationId, tags: ['dashboards'], querystring, response: { 200: answer, ...errorResponses } },
  });

  /** The graphs that take only the common parameters: path, operation, answer, and the query answering it. */
  const plainGraphs = [
    ['kpis', 'getGraphKpis', graphKpisSchema, findKpis],
    ['score/distribution', 'getScoreDistribution', scoreDistributionSchema, findScoreDistribution],
    ['type-proportion', 'getTypeProportion', typeProportionSchema, findTypeProportion],
    ['topics/analysis', 'getTopicsAnalysis', topicsAnalysisSchema, findTopicsAnalysis],
    ['evaluations/items/details', 'getItemDetails', itemDetailsSchema, findItemDetails],
  ] as const;
  for (const [path, operationId, answer, find] of plainGraphs) {
    app.get(`/dashboards/graphs/${path}`, schemaOf(operationId, graphQuerySchema, answer), async (request) =>
      find(readDb, await assertGraphScope(db, request.principal, request.query)),
    );
  }
  app.get(
    '/dashboards/graphs/score/evolution',
    schemaOf('getScoreEvolution', scoreEvolutionQuerySchema, scoreEvolutionSchema),
    async (request) => {
      const { query } = request;
      return findScoreEvolution(readDb, await assertGraphScope(db, request.principal, query), query.interval);
    },
  );
  app.get(
    '/dashboards/graphs/agents/performance',
    schemaOf('getAgentsPerformance', agentsPerformanceQuerySchema, agentsPerformanceSchema),
    async (request) => {
      const { query } = request;
      return findAgentsPerformance(readDb, await assertGraphScope(db, request.principal, query), query);
    },
  );
}
