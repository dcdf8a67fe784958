// Table columns shared by the campaign lists.
import type { TFunction } from 'i18next';
import { Link } from 'wouter';
import type { Campaign } from '../../../../contract/campaigns';
import type { Column } from '../../components/DataTable';
import { formatDate } from '../../components/format';

export const campaignNameColumn = (t: TFunction): Column<Campaign> => ({
  key: 'name',
  header: t('campaigns.name'),
  sortValue: (campaign) => campaign.name,
  cell: (campaign) => (
    <Link href={`/campaigns/${campaign.id}`} className="font-medium text-purple-800 hover:underline">
      {campaign.name}
    </Link>
  ),
});

export const campaignMembersColumn = (t: TFunction): Column<Campaign> => ({
  key: 'members',
  header: t('campaigns.members'),
  sortValue: (campaign) => campaign.member_count,
  cell: (campaign) => campaign.member_count,
});

export const createdColumn = <Row extends { created_at: number }>(
  t: TFunction,
  locale: string,
): Column<Row> => ({
  key: 'created',
  header: t('common.created'),
  sortValue: (row) => row.created_at,
  cell: (row) => formatDate(row.created_at, locale),
});
