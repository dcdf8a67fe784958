// The campaigns the user can see (all of them for admins), searchable and sortable.
import { PlusIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import type { CurrentUser } from '../../../../contract/users';
import { useCampaigns } from '../../../services/queries/campaigns';
import { ButtonLink } from '../../components/Button';
import { DataTable, queryState, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { campaignMembersColumn, campaignNameColumn, createdColumn } from './campaign-columns';

export default function CampaignsPage({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const campaigns = useCampaigns(useDebouncedValue(search));
  const canCreate = !user.admin && user.config.quality_monitoring.policy.can_create_campaign === true;

  const columns: Column<Campaign>[] = [
    campaignNameColumn(t),
    {
      key: 'language',
      header: t('campaigns.language'),
      sortValue: (campaign) => campaign.language,
      cell: (campaign) => t(`languages.${campaign.language}`),
    },
    campaignMembersColumn(t),
    ...(user.admin
      ? []
      : [
          {
            key: 'role',
            header: t('campaigns.myRole'),
            cell: (campaign: Campaign) => (campaign.my_role ? t(`campaignRoles.${campaign.my_role}`) : '—'),
          },
        ]),
    createdColumn<Campaign>(t, i18n.language),
  ];

  return (
    <>
      <PageHeader title={t('pages.titles.campaigns')} intro={t('campaigns.intro')}>
        {canCreate && (
          <ButtonLink href="/campaigns/create">
            <PlusIcon className="size-4" aria-hidden="true" />
            {t('campaigns.create')}
          </ButtonLink>
        )}
      </PageHeader>
      <DataTable
        label={t('pages.titles.campaigns')}
        columns={columns}
        rows={campaigns.data?.items}
        rowKey={(campaign) => campaign.id}
        {...queryState(campaigns)}
        emptyText={search ? t('common.noMatch') : t('campaigns.empty')}
        search={{ value: search, onChange: setSearch, placeholder: t('campaigns.search') }}
        initialSort={{ key: 'name', direction: 'asc' }}
      />
    </>
  );
}
