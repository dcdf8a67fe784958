// The period's usage per campaign (test calls aside), the dashboards' figure table in a card that scrolls sideways
// on a narrow screen (by keyboard too: the scrolling box takes the focus).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganisationUsage } from '../../../../contract/usage';
import { FigureTable } from '../../dashboards/FigureTable';
import { formatMeasure, measureValue, usageMeasures } from './usage-figures';

type CampaignRow = OrganisationUsage['campaigns'][number];

export function UsageCampaignsTable({ rows }: { rows: CampaignRow[] }) {
  const { t, i18n } = useTranslation();
  const heading = useId();
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={heading} className="mb-3 text-sm font-semibold text-gray-900">
        {t('usage.perCampaign')}
      </h2>
      {rows.length === 0 ? (
        <p className="rounded-lg bg-gray-50 px-4 py-6 text-center text-sm text-gray-600">
          {t('usage.empty')}
        </p>
      ) : (
        <div
          role="region"
          aria-labelledby={heading}
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-purple-600"
        >
          <FigureTable
            caption={t('usage.perCampaign')}
            rows={rows}
            rowKey={(row) => row.id ?? 'none'}
            columns={[
              {
                header: t('usage.campaign'),
                cell: (row) =>
                  row.name ?? <span className="text-gray-500 italic">{t('usage.noCampaign')}</span>,
              },
              ...usageMeasures.map((measure) => ({
                header: t(`usage.measures.${measure}`),
                cell: (row: CampaignRow) =>
                  formatMeasure(measure, measureValue(row.figures, measure), i18n.language),
                numeric: true,
              })),
            ]}
          />
        </div>
      )}
    </div>
  );
}
