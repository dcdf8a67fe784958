// What spent the period's usage (test calls aside): per feature, engine and model, the work done and the provider
// tokens, largest first.
import { useTranslation } from 'react-i18next';
import type { OrganisationUsage } from '../../../../contract/usage';
import { FigureTable } from '../dashboards/FigureTable';
import { formatCount } from '../dashboards/graph-format';
import { formatMeasure, measureValue } from './usage-figures';
import { UsageTableCard } from './UsageTableCard';

type EngineRow = OrganisationUsage['engines'][number];

/** The work a row counts besides tokens: its conversations, audio, evaluations or characters, as a phrase. */
const workMeasures = ['conversations', 'audio', 'evaluations', 'characters'] as const;

export function UsageEnginesTable({ rows }: { rows: EngineRow[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const work = (row: EngineRow) =>
    workMeasures
      .filter((measure) => measureValue(row.figures, measure) > 0)
      .map(
        (measure) =>
          `${formatMeasure(measure, measureValue(row.figures, measure), locale)} ${t(`usage.units.${measure}`)}`,
      )
      .join(' · ') || '—';
  if (rows.length === 0) return null;
  return (
    <UsageTableCard title={t('usage.perEngine')}>
      <FigureTable
        caption={t('usage.perEngine')}
        rows={rows}
        rowKey={(row) => `${row.feature} ${row.engine} ${row.model ?? ''}`}
        columns={[
          { header: t('usage.feature'), cell: (row) => t(`usage.features.${row.feature}`) },
          {
            header: t('usage.engine'),
            cell: (row) => (row.model ? `${row.engine} · ${row.model}` : row.engine),
          },
          { header: t('usage.work'), cell: work },
          {
            header: t('usage.calls'),
            cell: (row) => formatCount(row.figures.llm_calls, locale),
            numeric: true,
          },
          {
            header: t('usage.tokensIn'),
            cell: (row) => formatCount(row.figures.tokens_in, locale),
            numeric: true,
          },
          {
            header: t('usage.tokensOut'),
            cell: (row) => formatCount(row.figures.tokens_out, locale),
            numeric: true,
          },
        ]}
      />
    </UsageTableCard>
  );
}
