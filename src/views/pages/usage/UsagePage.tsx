// An organisation's usage (spec §2 `/usage`): the period and campaigns, the totals with test calls apart, the usage
// over time, per campaign and per engine, and the events' export. Supervisors with can_view_usage see their own
// organisation's at /usage; admins any organisation's from its page.
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/users';
import type { UsageGrouping } from '../../../../contract/usage';
import { ApiError } from '../../../services/api-error';
import { defaultInterval } from '../../../services/dashboards/score-buckets';
import { useUsageExport } from '../../../services/downloads/usage-export';
import { defaultTimeRange } from '../../../services/filters/time-range';
import { useOrganisationUsage } from '../../../services/queries/usage';
import { ExportMenu } from '../../components/ExportMenu';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { lazyPage } from '../../routes/lazy-page';
import { NotFoundPage } from '../fixed/NotFoundPage';
import { KnownOrganisation } from '../organisations/KnownOrganisation';
import { OrganisationTabs } from '../organisations/OrganisationTabs';
import { UsageCampaignsTable } from './UsageCampaignsTable';
import { UsageCards } from './UsageCards';
import { UsageEnginesTable } from './UsageEnginesTable';
import { AdminUsageFilterBar, SupervisorUsageFilterBar, type UsageFilters } from './UsageFilterBar';

const UsageSeriesCard = lazyPage(() => import('./UsageSeriesCard'));

/** A 404 names a filter: a campaign chosen that has since been deleted. */
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

const initialFilters = (): UsageFilters => ({ timeRange: defaultTimeRange(), campaigns: [] });

function OrganisationUsage({ organisationId, admin }: { organisationId: string; admin: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(initialFilters);
  const [chosenGrouping, setGrouping] = useState<UsageGrouping | null>(null);
  const scope = {
    startTs: filters.timeRange.start,
    endTs: filters.timeRange.end,
    campaigns: filters.campaigns,
  };
  const groupBy = chosenGrouping ?? defaultInterval(scope.startTs, scope.endTs);
  const usage = useOrganisationUsage(organisationId, scope, groupBy);
  const exporter = useUsageExport(organisationId);
  const busy = usage.isPlaceholderData && usage.isFetching;
  const filterBar = {
    filters,
    onChange: setFilters,
    onReset: () => {
      setFilters(initialFilters());
      setGrouping(null);
    },
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      {admin ? (
        <AdminUsageFilterBar organisationId={organisationId} {...filterBar} />
      ) : (
        <SupervisorUsageFilterBar {...filterBar} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-600">{t('usage.utcNote')}</p>
        <ExportMenu exporter={{ ...exporter, start: ({ format }) => exporter.start({ ...scope, format }) }} />
      </div>
      {usage.isError && isNotFound(usage.error) ? (
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
          {t('usage.filterGone')}
        </p>
      ) : usage.isError ? (
        <QueryError error={usage.error} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <UsageCards totals={usage.data?.totals} testTotals={usage.data?.test_totals} busy={busy} />
          <Suspense fallback={<Loading />}>
            <UsageSeriesCard query={usage} period={scope} groupBy={groupBy} onGroupByChange={setGrouping} />
          </Suspense>
          {usage.data && (
            <>
              <UsageCampaignsTable rows={usage.data.campaigns} />
              <UsageEnginesTable rows={usage.data.engines} />
            </>
          )}
        </>
      )}
    </div>
  );
}

export default function UsagePage({ user, organisationId }: { user: CurrentUser; organisationId?: string }) {
  const { t } = useTranslation();
  if (user.admin && organisationId) {
    return (
      <KnownOrganisation organisationId={organisationId}>
        {(organisation) => (
          <>
            <OrganisationTabs organisation={organisation} current="usage" />
            <OrganisationUsage organisationId={organisation.id} admin />
          </>
        )}
      </KnownOrganisation>
    );
  }
  if (!user.organisation_id) return <NotFoundPage />;
  return (
    <>
      <PageHeader title={t('pages.titles.usage')} intro={t('usage.intro')} />
      <OrganisationUsage organisationId={user.organisation_id} admin={false} />
    </>
  );
}
