// The dashboards' graphs, from the API: one query per graph, keyed by its parameters, so that a filter change
// asks again only for what it changes and two cards showing the same graph share one request.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { phasesAverageDurationSchema } from '../../../contract/conversation-phases';
import type { conversationSummarySchema } from '../../../contract/conversations';
import type {
  agentsPerformanceSchema,
  graphKpisSchema,
  itemDetailsSchema,
  scoreDistributionSchema,
  scoreEvolutionSchema,
  topicsAnalysisSchema,
  typeProportionSchema,
  ScoreInterval,
} from '../../../contract/dashboard-graphs';
import { graphParams, type GraphParams, type GraphScope } from '../dashboards/graph-scope';
import { filtersParam } from '../filters/conversation-filters';
import type { PageSchema } from '../api-client';
import { useServices } from '../services-context';

function useGraph<Schema extends z.ZodType>(
  path: string,
  scope: GraphScope,
  extra?: GraphParams,
  enabled = true,
) {
  const { api } = useServices();
  const query = graphParams(scope, extra);
  return useQuery({
    queryKey: ['dashboards', 'graphs', path, query],
    queryFn: ({ signal }) => api.request<Schema>(`/dashboards/graphs/${path}`, { query, signal }),
    enabled: enabled && scope.campaigns.length > 0,
    placeholderData: keepPreviousData,
  });
}

export const useKpis = (scope: GraphScope) => useGraph<typeof graphKpisSchema>('kpis', scope);

export const useScoreEvolution = (scope: GraphScope, interval: ScoreInterval) =>
  useGraph<typeof scoreEvolutionSchema>('score/evolution', scope, { interval });

export const useScoreDistribution = (scope: GraphScope) =>
  useGraph<typeof scoreDistributionSchema>('score/distribution', scope);

/** The best agents first, or the worst first when `ascending`. */
export const useAgentsPerformance = (scope: GraphScope, ascending: boolean) =>
  useGraph<typeof agentsPerformanceSchema>('agents/performance', scope, { ascending: String(ascending) });

export const useTypeProportion = (scope: GraphScope) =>
  useGraph<typeof typeProportionSchema>('type-proportion', scope);

export const useTopicsAnalysis = (scope: GraphScope) =>
  useGraph<typeof topicsAnalysisSchema>('topics/analysis', scope);

export const useItemDetails = (scope: GraphScope) =>
  useGraph<typeof itemDetailsSchema>('evaluations/items/details', scope);

/**
 * Each campaign names its own phases (in its own language), so their durations are asked for one campaign at a
 * time: a scope of several campaigns sends nothing.
 */
export const usePhasesAverageDuration = (scope: GraphScope) =>
  useGraph<typeof phasesAverageDurationSchema>(
    'phases/average-duration',
    scope,
    undefined,
    scope.campaigns.length === 1,
  );

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
        api.request<PageSchema<typeof conversationSummarySchema>>(`/campaigns/${campaignId}/conversations`, {
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
