// A campaign's dashboard (spec §2): its graphs, driven by the campaign's own filters — the period, agents, topics
// and metadata that its conversation list uses too, so that a figure and the list behind it always agree.
import { ArrowPathIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationFilters } from '../../../../contract/conversations';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { selectCampaignFilters } from '../../../machines/filters/selectors';
import { campaignScope } from '../../../services/dashboards/graph-scope';
import { countFilters } from '../../../services/filters/conversation-filters';
import { useCampaignMembers, useCampaignTopics } from '../../../services/queries/campaigns';
import { useConversationMetadata } from '../../../services/queries/conversation-list';
import { Loading } from '../../components/Loading';
import { MultiSelect } from '../../components/MultiSelect';
import { LazyDashboard } from '../dashboards/lazy-dashboards';
import {
  agentChoicesOf,
  MetadataFilters,
  MoreFilters,
  topicChoices,
} from '../conversations/ConversationFilterBar';
import { DateRangeFilter } from '../conversations/DateRangeFilter';

/** The filters the graphs read. */
const graphFilters = ({
  started_after,
  started_before,
  agents,
  topics,
  conversationsMetadata,
}: ConversationFilters): ConversationFilters => ({
  started_after,
  started_before,
  agents,
  topics,
  conversationsMetadata,
});

/** Every filter the graphs read, cleared. */
const cleared: ConversationFilters = {
  started_after: undefined,
  started_before: undefined,
  agents: [],
  topics: [],
  conversationsMetadata: {},
};

function GraphFilters({
  campaignId,
  filters,
  filterByAgent,
}: {
  campaignId: string;
  filters: ConversationFilters;
  filterByAgent: boolean;
}) {
  const { t } = useTranslation();
  const actor = FiltersActorContext.useActorRef();
  const [resetKey, setResetKey] = useState(0);
  const members = useCampaignMembers(campaignId, filterByAgent);
  const metadata = useConversationMetadata(campaignId);
  const topics = (useCampaignTopics(campaignId).data?.topics ?? []).map((topic) => topic.name);
  const update = (changes: ConversationFilters) => actor.send({ type: 'campaign.update', filters: changes });

  return (
    <section
      aria-label={t('dashboards.campaign.filters')}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <div key={resetKey} className="flex flex-wrap items-end gap-3">
        <MoreFilters count={countFilters(graphFilters(filters))}>
          <DateRangeFilter
            value={{ started_after: filters.started_after, started_before: filters.started_before }}
            onChange={update}
          />
          {filterByAgent && (
            <MultiSelect
              label={t('filters.agents')}
              choices={agentChoicesOf(members.data ?? [])}
              value={filters.agents ?? []}
              onChange={(agents) => update({ agents })}
            />
          )}
          <MultiSelect
            label={t('conversations.filters.topics')}
            choices={topicChoices(topics, [], filters.topics ?? [])}
            value={filters.topics ?? []}
            onChange={(chosen) => update({ topics: chosen })}
          />
          <MetadataFilters
            campaignId={campaignId}
            keys={metadata.data ?? []}
            value={filters.conversationsMetadata ?? {}}
            onChange={(conversationsMetadata) => update({ conversationsMetadata })}
          />
          <button
            type="button"
            onClick={() => {
              update(cleared);
              setResetKey((key) => key + 1);
            }}
            className="ml-auto flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-purple-700 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            <ArrowPathIcon className="size-4" aria-hidden="true" />
            {t('dashboards.campaign.clear')}
          </button>
        </MoreFilters>
      </div>
      <p className="mt-3 text-xs text-gray-600">{t('dashboards.campaign.shared')}</p>
    </section>
  );
}

export function CampaignDashboard({ campaignId, ownFigures }: { campaignId: string; ownFigures: boolean }) {
  const { t } = useTranslation();
  const filters = FiltersActorContext.useSelector(selectCampaignFilters(campaignId));
  return (
    <section aria-labelledby="campaign-dashboard" className="mb-6 flex flex-col gap-4">
      <h2 id="campaign-dashboard" className="text-lg font-semibold text-gray-900">
        {t('dashboards.campaign.title')}
      </h2>
      {filters === null ? (
        <Loading />
      ) : (
        <>
          <GraphFilters campaignId={campaignId} filters={filters} filterByAgent={!ownFigures} />
          <LazyDashboard scope={campaignScope(campaignId, filters)} ownFigures={ownFigures} />
        </>
      )}
    </section>
  );
}
