// `/campaigns/{id}/validation-stats`: per item of the campaign's grid, on validated conversations, how often the
// final answer is the one the engine gave — filtered by language, engine and weeks; charts (loaded with their
// library only here) and a table carrying the same figures, each item linking to its history of changes.
import { ChartBarIcon } from '@heroicons/react/24/outline';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { useValidationStats } from '../../../services/queries/validation-stats';
import { DataTable, stretchedLinkClass, type Column } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { useCampaignView } from '../campaigns/use-campaign-view';
import { formatRate } from './figure-format';
import {
  figuresPerItem,
  figuresPerWeek,
  filterCells,
  noValidationFilters,
  totalOf,
  weeksOf,
  type ItemFigures,
} from './validation-figures';
import { ValidationFiltersBar } from './ValidationFiltersBar';
import { WeekTable } from './WeekTable';

const ValidationCharts = lazy(() => import('./ValidationCharts'));

function useItemColumns(campaignId: string): Column<ItemFigures>[] {
  const { t, i18n } = useTranslation();
  const count = (value: number) => value.toLocaleString(i18n.language);
  return [
    {
      key: 'item',
      header: t('validationStats.columns.item'),
      sortValue: (row) => row.name,
      cell: (row) => (
        <div className="max-md:text-right">
          <Link
            href={`/campaigns/${campaignId}/items/${row.id}/evaluation-updates`}
            className={stretchedLinkClass}
            aria-label={t('validationStats.itemChanges', { item: row.name })}
          >
            {row.name}
          </Link>
          <p className="text-xs text-gray-500">{row.section_name}</p>
        </div>
      ),
    },
    {
      key: 'rate',
      header: t('validationStats.columns.rate'),
      sortValue: (row) => row.rate ?? -1,
      cell: (row) => <span className="font-semibold">{formatRate(row.rate, i18n.language)}</span>,
    },
    {
      key: 'agreed',
      header: t('validationStats.columns.agreed'),
      sortValue: (row) => row.agreed,
      cell: (row) => count(row.agreed),
    },
    {
      key: 'changed',
      header: t('validationStats.columns.changed'),
      sortValue: (row) => row.changed,
      cell: (row) => count(row.changed),
    },
    {
      key: 'unanswered',
      header: t('validationStats.columns.unanswered'),
      sortValue: (row) => row.unanswered,
      cell: (row) => count(row.unanswered),
    },
  ];
}

function Summary({
  conversations,
  compared,
  rate,
}: {
  conversations: number;
  compared: number;
  rate: number | null;
}) {
  const { t, i18n } = useTranslation();
  const figures = [
    [t('validationStats.summary.conversations'), conversations.toLocaleString(i18n.language)],
    [t('validationStats.summary.compared'), compared.toLocaleString(i18n.language)],
    [t('validationStats.summary.rate'), formatRate(rate, i18n.language)],
  ];
  return (
    <dl className="mb-6 grid grid-cols-1 gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:grid-cols-3">
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium text-gray-500">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ValidationStatsPage({ campaignId, user }: { campaignId: string; user: CurrentUser }) {
  const { t } = useTranslation();
  const view = useCampaignView(campaignId, user);
  const stats = useValidationStats(campaignId);
  const [filters, setFilters] = useState(noValidationFilters);
  const columns = useItemColumns(campaignId);
  const figures = useMemo(() => {
    if (!stats.data) return null;
    const cells = filterCells(stats.data.cells, filters);
    const items = figuresPerItem(stats.data.items, cells);
    return {
      items,
      weeks: figuresPerWeek(cells),
      total: totalOf(items),
      allWeeks: weeksOf(stats.data.cells),
    };
  }, [stats.data, filters]);

  const error = view.error ?? stats.error;
  if (error)
    return <PageLoadError error={error} onRetry={() => void Promise.all([view.retry(), stats.refetch()])} />;
  if (view.pending || !view.campaign || !stats.data || !figures) return <Loading />;
  return (
    <>
      <PageHeader
        title={`${t('pages.titles.validationStats')} · ${view.campaign.name}`}
        intro={t('validationStats.intro')}
      />
      {stats.data.conversations === 0 ? (
        <Notice
          icon={ChartBarIcon}
          title={t('validationStats.emptyTitle')}
          body={t('validationStats.emptyBody')}
        />
      ) : (
        <>
          <ValidationFiltersBar value={filters} onChange={setFilters} weeks={figures.allWeeks} />
          <Summary
            conversations={stats.data.conversations}
            compared={figures.total.agreed + figures.total.changed}
            rate={figures.total.rate}
          />
          <section className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
            <Suspense fallback={<Loading />}>
              <ValidationCharts items={figures.items} weeks={figures.weeks} />
            </Suspense>
            <WeekTable weeks={figures.weeks} />
          </section>
          <DataTable
            label={t('validationStats.tableLabel')}
            columns={columns}
            rows={figures.items}
            rowKey={(row) => row.id}
            loading={false}
            error={false}
            onRetry={() => void stats.refetch()}
            emptyText={t('validationStats.noItems')}
          />
        </>
      )}
    </>
  );
}
