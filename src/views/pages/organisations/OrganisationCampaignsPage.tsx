// An organisation's campaigns (admins), with a way to create one there.
import { PlusIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../../contract/campaigns';
import { useOrganisationCampaigns } from '../../../services/queries/organisations';
import { ButtonLink } from '../../components/Button';
import { DataTable, queryState, type Column } from '../../components/DataTable';
import { campaignMembersColumn, campaignNameColumn, createdColumn } from '../campaigns/campaign-columns';
import { KnownOrganisation } from './KnownOrganisation';
import { OrganisationTabs } from './OrganisationTabs';

export default function OrganisationCampaignsPage({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation();
  const campaigns = useOrganisationCampaigns(organisationId);
  const columns: Column<Campaign>[] = [
    campaignNameColumn(t),
    campaignMembersColumn(t),
    createdColumn<Campaign>(t, i18n.language),
  ];
  return (
    <KnownOrganisation organisationId={organisationId}>
      {(organisation) => (
        <>
          <OrganisationTabs organisation={organisation} current="campaigns" />
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
            {...queryState(campaigns)}
            emptyText={t('campaigns.empty')}
            initialSort={{ key: 'name', direction: 'asc' }}
          />
        </>
      )}
    </KnownOrganisation>
  );
}
