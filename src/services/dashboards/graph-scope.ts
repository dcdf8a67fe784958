// What a dashboard's graphs read (spec §7's common parameters) and how it travels: built from the home filters or
// from a campaign's filters, sent as query parameters (arrays repeated, metadata as `metadata.<key>`), and turned
// into the conversation list's filters for the click-through from a figure to the conversations behind it.
import { maxGraphCampaigns, graphMetadataPrefix } from '../../../contract/values/dashboards';
import type { ConversationFilters } from '../../../contract/conversations';
import type { HomeFilters } from '../../../contract/filters';
import { compactFilters } from '../filters/conversation-filters';

export interface GraphScope {
  campaigns: readonly string[];
  /** Unix seconds, inclusive; open when absent. */
  startTs?: number | undefined;
  endTs?: number | undefined;
  agents?: readonly string[] | undefined;
  topics?: readonly string[] | undefined;
  /** Metadata key → accepted values (any of them). */
  metadata?: Readonly<Record<string, readonly string[]>> | undefined;
}

export type GraphParams = Record<string, string | number | readonly string[] | undefined>;

const nonEmpty = (list: readonly string[] | undefined) => (list && list.length > 0 ? [...list] : undefined);

/** The graph's query parameters: the scope's set fields, then `extra` (a graph's own parameters). */
export function graphParams(scope: GraphScope, extra: GraphParams = {}): GraphParams {
  const params: GraphParams = {
    campaigns: [...scope.campaigns],
    startTs: scope.startTs,
    endTs: scope.endTs,
    agents: nonEmpty(scope.agents),
    topics: nonEmpty(scope.topics),
  };
  const metadata = Object.entries(scope.metadata ?? {}).sort(([a], [b]) => a.localeCompare(b));
  for (const [key, values] of metadata) {
    if (values.length > 0) params[`${graphMetadataPrefix}${key}`] = [...values];
  }
  return { ...params, ...extra };
}

/**
 * The home dashboard's scope: the chosen campaigns, or the first `maxGraphCampaigns` of those the user reads when
 * none is chosen; the home period, agents and metadata. Agents read their own figures, so they send no agent.
 */
export function homeScope(
  home: HomeFilters,
  readable: readonly string[],
  { ownFigures }: { ownFigures: boolean },
): GraphScope {
  const campaigns = home.campaigns.length > 0 ? home.campaigns : readable;
  return {
    campaigns: campaigns.slice(0, maxGraphCampaigns),
    startTs: home.timeRange.start,
    endTs: home.timeRange.end,
    agents: ownFigures ? undefined : nonEmpty(home.agents),
    metadata: home.metadata,
  };
}

/** A campaign dashboard's scope: the campaign's period, agents, topics and metadata filters. */
export function campaignScope(campaignId: string, filters: ConversationFilters): GraphScope {
  return {
    campaigns: [campaignId],
    startTs: filters.started_after,
    endTs: filters.started_before,
    agents: nonEmpty(filters.agents),
    topics: nonEmpty(filters.topics),
    metadata: filters.conversationsMetadata,
  };
}

/** The conversation list's filters for the conversations behind a figure: the scope's, narrowed by `figure`. */
export function listFiltersOf(scope: GraphScope, figure: ConversationFilters): ConversationFilters {
  return compactFilters({
    started_after: scope.startTs,
    started_before: scope.endTs,
    agents: nonEmpty(scope.agents),
    topics: nonEmpty(scope.topics),
    conversationsMetadata: Object.fromEntries(
      Object.entries(scope.metadata ?? {}).map(([key, values]) => [key, [...values]]),
    ),
    ...figure,
  });
}

/** The query parameter carrying filters to the conversation list, which applies them and drops it. */
export const listFiltersParam = 'filters';

/** The conversation list of a campaign showing the conversations `filters` keep. */
export const conversationListHref = (campaignId: string, filters: ConversationFilters): string =>
  `/campaigns/${campaignId}/conversations?${new URLSearchParams({
    [listFiltersParam]: JSON.stringify(compactFilters(filters)),
  }).toString()}`;
