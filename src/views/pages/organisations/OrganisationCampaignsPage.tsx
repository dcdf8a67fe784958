// An organisation's campaigns (admins), with a way to create one there.
import { PlusIcon } from '@heroicons/react/20/solid';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Campaign } from '../../../../contract/campaigns';
import { useOrganisationCampaigns } from '../../../services/queries/organisations';
import { ButtonLink } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { OrganisationTabs } from './OrganisationTabs';

export default function OrganisationCampaignsPage({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation();
  const campaigns = useOrganisationCampaigns(organisationId);
  const columns: Column<Campaign>[] = [
    {
      key: 'name',
      header: t('campaigns.name'),
      sortValue: (campaign) => campaign.name,
      cell: (campaign) => (
        <Link href={`/campaigns/${campaign.id}`} className="font-medium text-purple-800 hover:underline">
          {campaign.name}
        </Link>
      ),
    },
    {
      key: 'members',
      header: t('campaigns.members'),
      sortValue: (campaign) => campaign.member_count,
      cell: (campaign) => campaign.member_count,
    },
    {
      key: 'created',
      header: t('common.created'),
      sortValue: (campaign) => campaign.created_at,
      cell: (campaign) => DateTime.fromSeconds(campaign.created_at).toLocaleString(DateTime.DATE_MED),
    },
  ];
  return (
    <>
      <OrganisationTabs organisationId={organisationId} current="campaigns" />
      <div className="mb-3 flex justify-end">
        <ButtonLink href={`/organisations/${organisationId}/campaigns/create`}>
          <PlusIcon className="size-4" aria-hidden="true" />
          {t('campaigns.create')}
        </ButtonLink>
      </div>
      <DataTable
        label={t('organisations.campaigns')}
        columns={columns}
        rows={campaigns.data?.items}
        rowKey={(campaign) => campaign.id}
        loading={campaigns.isPending}
        error={campaigns.isError}
        onRetry={() => void campaigns.refetch()}
        emptyText={t('campaigns.empty')}
        initialSort={{ key: 'name', direction: 'asc' }}
      />
    </>
  );
}
