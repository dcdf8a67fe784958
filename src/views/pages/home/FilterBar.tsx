// The home filters (spec §3): period, agents, campaigns and metadata, kept by the filters actor.
import { ArrowPathIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { useCampaignOptions, useFilterOptions } from '../../../services/queries/filter-options';
import { MultiSelect } from '../../components/MultiSelect';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { TimeRangePicker } from './TimeRangePicker';

/** `showAgents`: false for agents, whose home shows their own figures whatever agents are chosen. */
export function FilterBar({ showAgents = true }: { showAgents?: boolean }) {
  const { t } = useTranslation();
  const filters = FiltersActorContext.useActorRef();
  const home = FiltersActorContext.useSelector((snapshot) => snapshot.context.home);
  const options = useFilterOptions();
  const [campaignSearch, setCampaignSearch] = useState('');
  const campaignOptions = useCampaignOptions(useDebouncedValue(campaignSearch.trim()));
  const update = (changes: Partial<typeof home>) => filters.send({ type: 'home.update', filters: changes });

  return (
    <section
      aria-label={t('filters.label')}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-wrap items-end gap-3">
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
        {options.data?.metadata.map(({ key, values }) => (
          <MultiSelect
            key={key}
            label={t('filters.metadata', { key })}
            choices={values.map((value) => ({ id: value, name: value }))}
            value={home.metadata[key] ?? []}
            onChange={(chosen) => update({ metadata: { ...home.metadata, [key]: chosen } })}
          />
        ))}
        <button
          type="button"
          onClick={() => filters.send({ type: 'filters.reset' })}
          className="ml-auto flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-purple-700 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
        >
          <ArrowPathIcon className="size-4" aria-hidden="true" />
          {t('filters.reset')}
        </button>
      </div>
      {(options.isError || campaignOptions.isError) && (
        <p role="alert" className="mt-3 flex items-center gap-3 text-sm text-red-700">
          {t('filters.optionsError')}
          <button
            type="button"
            onClick={() => {
              if (options.isError) void options.refetch();
              if (campaignOptions.isError) void campaignOptions.refetch();
            }}
            className="font-medium underline"
          >
            {t('filters.retry')}
          </button>
        </p>
      )}
    </section>
  );
}
