// The home filters (spec §3): period, agents, campaigns and metadata (under the campaigns' labels), kept by the
// filters actor.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { useCampaignOptions, useFilterOptions } from '../../../services/queries/filter-options';
import { MultiSelect } from '../../components/MultiSelect';
import { labelIn } from '../../components/use-metadata-label';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { FilterBarFrame } from './FilterBarFrame';
import { TimeRangePicker } from './TimeRangePicker';

/** `showAgents`: false for agents, whose home shows their own figures whatever agents are chosen. */
export function FilterBar({ showAgents = true }: { showAgents?: boolean }) {
  const { t, i18n } = useTranslation();
  const filters = FiltersActorContext.useActorRef();
  const home = FiltersActorContext.useSelector((snapshot) => snapshot.context.home);
  const options = useFilterOptions();
  const [campaignSearch, setCampaignSearch] = useState('');
  const campaignOptions = useCampaignOptions(useDebouncedValue(campaignSearch.trim()));
  const update = (changes: Partial<typeof home>) => filters.send({ type: 'home.update', filters: changes });

  return (
    <FilterBarFrame
      onReset={() => filters.send({ type: 'filters.reset' })}
      optionsFailed={options.isError || campaignOptions.isError}
      onRetryOptions={() => {
        if (options.isError) void options.refetch();
        if (campaignOptions.isError) void campaignOptions.refetch();
      }}
    >
      <TimeRangePicker
        key={`${home.timeRange.start}-${home.timeRange.end}`}
        value={home.timeRange}
        onChange={(timeRange) => update({ timeRange })}
      />
      {showAgents && (
        <MultiSelect
          label={t('filters.agents')}
          choices={options.data?.agents ?? []}
          value={home.agents}
          onChange={(agents) => update({ agents })}
        />
      )}
      <MultiSelect
        label={t('filters.campaigns')}
        choices={campaignOptions.data?.campaigns ?? []}
        value={home.campaigns}
        onChange={(campaigns) => update({ campaigns })}
        search={{ value: campaignSearch, onChange: setCampaignSearch }}
        onMore={campaignOptions.hasNextPage ? () => void campaignOptions.fetchNextPage() : undefined}
      />
      {options.data?.metadata.map(({ key, label, values }) => (
        <MultiSelect
          key={key}
          label={labelIn(label, i18n.language) ?? t('filters.metadata', { key })}
          choices={values.map((value) => ({ id: value, name: value }))}
          value={home.metadata[key] ?? []}
          onChange={(chosen) => update({ metadata: { ...home.metadata, [key]: chosen } })}
        />
      ))}
    </FilterBarFrame>
  );
}
