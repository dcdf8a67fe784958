// The admin home's filters: the period and campaigns of the home filters (kept by the filters actor, so saved
// like any home's), and organisations, kept by the page.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { useCampaignOptions } from '../../../services/queries/filter-options';
import { useOrganisations } from '../../../services/queries/organisations';
import { MultiSelect } from '../../components/MultiSelect';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { FilterBarFrame } from '../home/FilterBarFrame';
import { TimeRangePicker } from '../home/TimeRangePicker';

export function AdminFilterBar({
  organisations,
  onOrganisationsChange,
}: {
  organisations: string[];
  onOrganisationsChange: (organisations: string[]) => void;
}) {
  const { t } = useTranslation();
  const filters = FiltersActorContext.useActorRef();
  const home = FiltersActorContext.useSelector((snapshot) => snapshot.context.home);
  const [organisationSearch, setOrganisationSearch] = useState('');
  const [campaignSearch, setCampaignSearch] = useState('');
  const organisationOptions = useOrganisations(useDebouncedValue(organisationSearch.trim()));
  const campaignOptions = useCampaignOptions(useDebouncedValue(campaignSearch.trim()));
  const update = (changes: Partial<typeof home>) => filters.send({ type: 'home.update', filters: changes });

  return (
    <FilterBarFrame
      onReset={() => {
        filters.send({ type: 'filters.reset' });
        onOrganisationsChange([]);
      }}
      optionsFailed={organisationOptions.isError || campaignOptions.isError}
      onRetryOptions={() => {
        if (organisationOptions.isError) void organisationOptions.refetch();
        if (campaignOptions.isError) void campaignOptions.refetch();
      }}
    >
      <TimeRangePicker
        key={`${home.timeRange.start}-${home.timeRange.end}`}
        value={home.timeRange}
        onChange={(timeRange) => update({ timeRange })}
      />
      <MultiSelect
        label={t('adminHome.organisations')}
        choices={organisationOptions.data?.items ?? []}
        value={organisations}
        onChange={onOrganisationsChange}
        search={{ value: organisationSearch, onChange: setOrganisationSearch }}
      />
      <MultiSelect
        label={t('filters.campaigns')}
        choices={campaignOptions.data?.campaigns ?? []}
        value={home.campaigns}
        onChange={(campaigns) => update({ campaigns })}
        search={{ value: campaignSearch, onChange: setCampaignSearch }}
        onMore={campaignOptions.hasNextPage ? () => void campaignOptions.fetchNextPage() : undefined}
      />
    </FilterBarFrame>
  );
}
