// The admin home (spec §2): the platform's key figures over the chosen period, organisations and campaigns, in
// four cards and per organisation.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { ApiError } from '../../../services/api-error';
import { useAdminKpis } from '../../../services/queries/admin';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { AdminFilterBar } from './AdminFilterBar';
import { AdminKpiCards } from './AdminKpiCards';
import { OrganisationFiguresTable } from './OrganisationFiguresTable';

/** A 404 names a filter: a saved campaign or organisation that has since been deleted. */
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export default function AdminHomePage() {
  const { t } = useTranslation();
  const home = FiltersActorContext.useSelector((snapshot) => snapshot.context.home);
  const [organisations, setOrganisations] = useState<string[]>([]);
  const tableHeading = useId();
  const kpis = useAdminKpis({
    startTs: home.timeRange.start,
    endTs: home.timeRange.end,
    campaigns: home.campaigns,
    organisations,
  });
  // Figures of the former filters stay on screen, dimmed, while the new ones load.
  const busy = kpis.isPlaceholderData && kpis.isFetching;

  return (
    <>
      <PageHeader title={t('pages.titles.adminHome')} intro={t('adminHome.intro')} />
      <AdminFilterBar organisations={organisations} onOrganisationsChange={setOrganisations} />
      <div className="mt-6 grid gap-6">
        {kpis.isError && isNotFound(kpis.error) ? (
          <p role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
            {t('adminHome.filterGone')}
          </p>
        ) : kpis.isError ? (
          <QueryError error={kpis.error} onRetry={() => void kpis.refetch()} />
        ) : (
          <>
            <AdminKpiCards totals={kpis.data?.totals} busy={busy} />
            <section aria-labelledby={tableHeading} className="grid gap-3">
              <h2 id={tableHeading} className="text-base font-semibold text-gray-900">
                {t('adminHome.perOrganisation')}
              </h2>
              <OrganisationFiguresTable
                rows={kpis.data?.organisations}
                loading={kpis.isPending}
                busy={busy}
              />
            </section>
          </>
        )}
      </div>
    </>
  );
}
