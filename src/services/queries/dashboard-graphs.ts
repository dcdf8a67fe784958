// The dashboards' graphs, from the API: one query per graph, keyed by its parameters, so that a filter change
// asks again only for what it changes and two cards showing the same graph share one request.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { pageSchema } from '../../../contract/common';
import { phasesAverageDurationSchema } from '../../../contract/conversation-phases';
import { conversationSummarySchema } from '../../../contract/conversations';
import {
  agentsPerformanceSchema,
  graphKpisSchema,
  itemDetailsSchema,
  scoreDistributionSchema,
  scoreEvolutionSchema,
  topicsAnalysisSchema,
  typeProportionSchema,
  type ScoreInterval,
} from '../../../contract/dashboard-graphs';
import { graphParams, type GraphParams, type GraphScope } from '../dashboards/graph-scope';
import { filtersParam } from '../filters/conversation-filters';
import { useServices } from '../services-context';

function useGraph<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  scope: GraphScope,
  extra?: GraphParams,
) {
  const { api } = useServices();
  const query = graphParams(scope, extra);
  return useQuery({
    queryKey: ['dashboards', 'graphs', path, query],
    queryFn: ({ signal }) => api.request(`/dashboards/graphs/${path}`, schema, { query, signal }),
    enabled: scope.campaigns.length > 0,
    placeholderData: keepPreviousData,
  });
}

export const useKpis = (scope: GraphScope) => useGraph('kpis', graphKpisSchema, scope);

export const useScoreEvolution = (scope: GraphScope, interval: ScoreInterval) =>
  useGraph('score/evolution', scoreEvolutionSchema, scope, { interval });

export const useScoreDistribution = (scope: GraphScope) =>
  useGraph('score/distribution', scoreDistributionSchema, scope);

/** The best agents first, or the worst first when `ascending`. */
export const useAgentsPerformance = (scope: GraphScope, ascending: boolean) =>
  useGraph('agents/performance', agentsPerformanceSchema, scope, { ascending: String(ascending) });

export const useTypeProportion = (scope: GraphScope) =>
  useGraph('type-proportion', typeProportionSchema, scope);

export const useTopicsAnalysis = (scope: GraphScope) =>
  useGraph('topics/analysis', topicsAnalysisSchema, scope);

export const useItemDetails = (scope: GraphScope) =>
  useGraph('evaluations/items/details', itemDetailsSchema, scope);

export const usePhasesAverageDuration = (scope: GraphScope) =>
  useGraph('phases/average-duration', phasesAverageDurationSchema, scope);

const summaryPageSchema = pageSchema(conversationSummarySchema);

/**
 * The latest conversations with a scored evaluation in the scope's period, `limit` at most, newest first: the
 * first page of each campaign's list, merged.
 */
export function useLatestEvaluated(scope: GraphScope, limit: number) {
  const { api } = useServices();
  const filters = filtersParam({
    score: { min: 0 },
    started_after: scope.startTs,
    started_before: scope.endTs,
  });
  return useQueries({
    queries: scope.campaigns.map((campaignId) => ({
      queryKey: ['conversations', 'list', campaignId, 'started_at_desc', filters ?? '', limit],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.request(`/campaigns/${campaignId}/conversations`, summaryPageSchema, {
          query: { sort: 'started_at_desc', limit, filters },
          signal,
        }),
    })),
    combine: (results) => ({
      data: results.every((result) => result.data)
        ? results
            .flatMap((result) => result.data?.items ?? [])
            .sort((a, b) => b.started_at - a.started_at)
            .slice(0, limit)
        : undefined,
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
      refetch: () =>
        Promise.all(results.filter((result) => result.isError).map((result) => result.refetch())),
    }),
  });
}
