// The usage page's filters: the period, and the campaigns (an admin chooses among the organisation's, a supervisor
// among those they see).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeRange } from '../../../../contract/filters';
import { useCampaignOptions } from '../../../services/queries/filter-options';
import { useOrganisationCampaigns } from '../../../services/queries/organisations';
import type { Choice } from '../../components/MultiSelect';
import { MultiSelect } from '../../components/MultiSelect';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { FilterBarFrame } from '../home/FilterBarFrame';
import { TimeRangePicker } from '../home/TimeRangePicker';

export interface UsageFilters {
  timeRange: TimeRange;
  campaigns: string[];
}

interface CampaignChoices {
  choices: Choice[];
  failed: boolean;
  retry: () => void;
  search?: { value: string; onChange: (value: string) => void };
  onMore?: (() => void) | undefined;
}

/** An admin's choices: every campaign of the organisation. */
function useOrganisationChoices(organisationId: string): CampaignChoices {
  const campaigns = useOrganisationCampaigns(organisationId);
  return {
    choices: campaigns.data?.items ?? [],
    failed: campaigns.isError,
    retry: () => void campaigns.refetch(),
  };
}

/** A supervisor's choices: the campaigns they see, searched and paged. */
function useVisibleChoices(): CampaignChoices {
  const [search, setSearch] = useState('');
  const options = useCampaignOptions(useDebouncedValue(search.trim()));
  return {
    choices: options.data?.campaigns ?? [],
    failed: options.isError,
    retry: () => void options.refetch(),
    search: { value: search, onChange: setSearch },
    onMore: options.hasNextPage ? () => void options.fetchNextPage() : undefined,
  };
}

function FilterBar({
  filters,
  onChange,
  onReset,
  campaigns,
}: {
  filters: UsageFilters;
  onChange: (filters: UsageFilters) => void;
  onReset: () => void;
  campaigns: CampaignChoices;
}) {
  const { t } = useTranslation();
  return (
    <FilterBarFrame onReset={onReset} optionsFailed={campaigns.failed} onRetryOptions={campaigns.retry}>
      <TimeRangePicker
        key={`${filters.timeRange.start}-${filters.timeRange.end}`}
        value={filters.timeRange}
        onChange={(timeRange) => onChange({ ...filters, timeRange })}
      />
      <MultiSelect
        label={t('filters.campaigns')}
        choices={campaigns.choices}
        value={filters.campaigns}
        onChange={(chosen) => onChange({ ...filters, campaigns: chosen })}
        {...(campaigns.search ? { search: campaigns.search } : {})}
        onMore={campaigns.onMore}
      />
    </FilterBarFrame>
  );
}

type FilterBarProps = Omit<Parameters<typeof FilterBar>[0], 'campaigns'>;

export function AdminUsageFilterBar({
  organisationId,
  ...props
}: FilterBarProps & { organisationId: string }) {
  return <FilterBar {...props} campaigns={useOrganisationChoices(organisationId)} />;
}

export function SupervisorUsageFilterBar(props: FilterBarProps) {
  return <FilterBar {...props} campaigns={useVisibleChoices()} />;
}
