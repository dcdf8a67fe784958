// Admins' list of organisations, searchable and sortable, with their user and campaign counts.
import { PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OrganisationSummary } from '../../../../contract/organisations';
import { useOrganisations } from '../../../services/queries/organisations';
import { ButtonLink } from '../../components/Button';
import { DataTable, queryState, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { createdColumn } from '../campaigns/campaign-columns';

export default function OrganisationsPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const organisations = useOrganisations(useDebouncedValue(search));

  const columns: Column<OrganisationSummary>[] = [
    {
      key: 'name',
      header: t('organisations.name'),
      sortValue: (organisation) => organisation.name,
      cell: (organisation) => (
        <Link
          href={`/organisations/${organisation.id}/users`}
          className="font-medium text-purple-800 hover:underline"
        >
          {organisation.name}
        </Link>
      ),
    },
    {
      key: 'users',
      header: t('organisations.users'),
      sortValue: (organisation) => organisation.user_count,
      cell: (organisation) => organisation.user_count,
    },
    {
      key: 'campaigns',
      header: t('organisations.campaigns'),
      sortValue: (organisation) => organisation.campaign_count,
      cell: (organisation) => (
        <Link
          href={`/organisations/${organisation.id}/campaigns`}
          className="text-purple-800 hover:underline"
        >
          {organisation.campaign_count}
        </Link>
      ),
    },
    createdColumn<OrganisationSummary>(t, i18n.language),
  ];

  return (
    <>
      <PageHeader title={t('pages.titles.organisations')} intro={t('organisations.intro')}>
        <ButtonLink href="/organisations/create">
          <PlusIcon className="size-4" aria-hidden="true" />
          {t('organisations.create')}
        </ButtonLink>
      </PageHeader>
      <DataTable
        label={t('pages.titles.organisations')}
        columns={columns}
        rows={organisations.data?.items}
        rowKey={(organisation) => organisation.id}
        {...queryState(organisations)}
        emptyText={search ? t('common.noMatch') : t('organisations.empty')}
        search={{ value: search, onChange: setSearch, placeholder: t('organisations.search') }}
        initialSort={{ key: 'name', direction: 'asc' }}
      />
    </>
  );
}
