// The admin home's figures per organisation, sortable, each organisation a link to its page.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminKpis } from '../../../../contract/admin';
import { DataTable, type Column } from '../../components/DataTable';
import { formatCount, formatHours } from './admin-figures';

type OrganisationFigures = AdminKpis['organisations'][number];

interface OrganisationFiguresTableProps {
  rows: OrganisationFigures[] | undefined;
  loading: boolean;
  busy: boolean;
}

export function OrganisationFiguresTable(props: OrganisationFiguresTableProps) {
  const { t, i18n } = useTranslation();
  const count = (key: 'conversations' | 'evaluations' | 'active_users'): Column<OrganisationFigures> => ({
    key,
    header: t(`adminHome.figures.${key}`),
    sortValue: (row) => row[key],
    cell: (row) => <span className="tabular-nums">{formatCount(row[key], i18n.language)}</span>,
  });
  const columns: Column<OrganisationFigures>[] = [
    {
      key: 'name',
      header: t('adminHome.organisation'),
      sortValue: (row) => row.name,
      cell: (row) => (
        <Link href={`/organisations/${row.id}/users`} className="font-medium text-purple-800 hover:underline">
          {row.name}
        </Link>
      ),
    },
    count('conversations'),
    count('evaluations'),
    {
      key: 'audio_hours',
      header: t('adminHome.figures.audio_hours'),
      sortValue: (row) => row.audio_hours,
      cell: (row) => <span className="tabular-nums">{formatHours(row.audio_hours, i18n.language)}</span>,
    },
    count('active_users'),
  ];

  return (
    <DataTable
      label={t('adminHome.perOrganisation')}
      columns={columns}
      rows={props.rows}
      rowKey={(row) => row.id}
      loading={props.loading}
      busy={props.busy}
      // A failure is shown once, for the whole page, by the caller.
      error={false}
      onRetry={() => undefined}
      emptyText={t('adminHome.noOrganisations')}
      initialSort={{ key: 'name', direction: 'asc' }}
    />
  );
}
