// The period's usage per campaign (test calls aside), the dashboards' figure table in a card that scrolls sideways
// on a narrow screen (by keyboard too: the scrolling box takes the focus).
import { useTranslation } from 'react-i18next';
import type { OrganisationUsage } from '../../../../contract/usage';
import { FigureTable } from '../dashboards/FigureTable';
import { formatMeasure, measureValue, usageMeasures } from './usage-figures';
import { UsageTableCard } from './UsageTableCard';

type CampaignRow = OrganisationUsage['campaigns'][number];

export function UsageCampaignsTable({ rows }: { rows: CampaignRow[] }) {
  const { t, i18n } = useTranslation();
  return (
    <UsageTableCard
      title={t('usage.perCampaign')}
      emptyText={rows.length === 0 ? t('usage.empty') : undefined}
    >
      <FigureTable
        caption={t('usage.perCampaign')}
        rows={rows}
        rowKey={(row) => row.id ?? 'none'}
        columns={[
          {
            header: t('usage.campaign'),
            cell: (row) => row.name ?? <span className="text-gray-500 italic">{t('usage.noCampaign')}</span>,
          },
          ...usageMeasures.map((measure) => ({
            header: t(`usage.measures.${measure}`),
            cell: (row: CampaignRow) =>
              formatMeasure(measure, measureValue(row.figures, measure), i18n.language),
            numeric: true,
          })),
        ]}
      />
    </UsageTableCard>
  );
}
