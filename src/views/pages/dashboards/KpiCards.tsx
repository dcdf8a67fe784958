// The KPI cards: each figure of the period with its change since the previous period of equal length; the figures by
// conversation type (calls' and chats' durations, emails' first response) share one card, one per type present.
import { ArrowDownIcon, ArrowUpIcon } from '@heroicons/react/20/solid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GraphKpis } from '../../../../contract/dashboard-graphs';
import { formatDate } from '../../components/format';
import {
  isTypeKpi,
  kpiChange,
  kpiNames,
  presentTypeKpis,
  type KpiChange,
  type KpiName,
} from '../../../services/dashboards/kpi-change';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { useKpis } from '../../../services/queries/dashboard-graphs';
import {
  formatChange,
  formatCount,
  formatDuration,
  formatScore,
  formatShare,
  noFigure,
} from './graph-format';
import { FigureTable } from './FigureTable';
import { GraphCard } from './GraphCard';

function formatKpi(name: KpiName, value: number | null, locale: string): string {
  if (value === null) return noFigure;
  if (name === 'average_score') return formatScore(value, locale);
  if (isTypeKpi(name)) return formatDuration(value, locale);
  if (name === 'negative_sentiment_share') return formatShare(value, locale);
  return formatCount(value, locale);
}

const toneClass: Record<KpiChange['tone'], string> = {
  good: 'text-green-700',
  bad: 'text-red-700',
  neutral: 'text-gray-600',
};

/** The change since the previous period; nothing when the period is open (there is no previous one). */
function Change({
  name,
  kpi,
  comparable,
  t,
  locale,
}: {
  name: KpiName;
  kpi: GraphKpis[KpiName];
  comparable: boolean;
  t: TFunction;
  locale: string;
}) {
  const change = kpiChange(name, kpi);
  if (!comparable) return null;
  const previous = t('dashboards.kpis.previous', { value: formatKpi(name, kpi.previous, locale) });
  if (!change) return <p className="text-xs text-gray-500">{previous}</p>;
  const Arrow = change.amount >= 0 ? ArrowUpIcon : ArrowDownIcon;
  const amount =
    change.unit === 'points'
      ? t('dashboards.kpis.points', { value: formatChange(change, locale) })
      : formatChange(change, locale);
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-xs">
      <span className={`flex items-center gap-0.5 font-semibold ${toneClass[change.tone]}`}>
        {change.amount !== 0 && <Arrow className="size-3.5" aria-hidden="true" />}
        {amount}
      </span>
      <span className="text-gray-500">{previous}</span>
    </p>
  );
}

const figureClass = {
  large: {
    box: 'rounded-lg bg-gray-50 p-3',
    name: 'text-xs font-medium',
    value: 'mt-1 text-2xl',
    change: 'mt-1',
  },
  small: { box: '', name: 'text-xs', value: 'text-xl', change: '' },
};

/** One figure: its name, its value and its change; large as a card of its own, small within the durations' card. */
function KpiFigure({
  name,
  kpis,
  t,
  locale,
  size,
}: {
  name: KpiName;
  kpis: GraphKpis;
  t: TFunction;
  locale: string;
  size: keyof typeof figureClass;
}) {
  const classes = figureClass[size];
  return (
    <div className={classes.box} data-kpi={name}>
      <dt className={`${classes.name} text-gray-600`}>{t(`dashboards.kpis.${name}`)}</dt>
      <dd className={`${classes.value} font-semibold text-gray-900 tabular-nums`}>
        {formatKpi(name, kpis[name].value, locale)}
      </dd>
      <dd className={classes.change}>
        <Change
          name={name}
          kpi={kpis[name]}
          comparable={kpis.previous_period !== null}
          t={t}
          locale={locale}
        />
      </dd>
    </div>
  );
}

/**
 * The figures by type, across the cards' width under the others: one per type the range holds (a dash when it holds
 * none of them), side by side from tablet width.
 */
function TypeFigures({ kpis, t, locale }: { kpis: GraphKpis; t: TFunction; locale: string }) {
  const present = presentTypeKpis(kpis);
  return (
    <div className="col-span-full rounded-lg bg-gray-50 p-3" data-kpi="durations">
      <dt className="text-xs font-medium text-gray-600">{t('dashboards.kpis.durations')}</dt>
      <dd className="mt-1">
        {present.length === 0 ? (
          <span className="text-2xl font-semibold text-gray-900">{noFigure}</span>
        ) : (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-3">
            {present.map((name) => (
              <KpiFigure key={name} name={name} kpis={kpis} t={t} locale={locale} size="small" />
            ))}
          </dl>
        )}
      </dd>
    </div>
  );
}

export function KpiCards({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const query = useKpis(scope);
  const locale = i18n.language;
  const period = query.data?.previous_period;
  return (
    <GraphCard
      title={t('dashboards.kpis.title')}
      className={className}
      query={query}
      isEmpty={() => false}
      emptyText=""
      chart={(kpis) => (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {kpiNames
            .filter((name) => !isTypeKpi(name))
            .map((name) => (
              <KpiFigure key={name} name={name} kpis={kpis} t={t} locale={locale} size="large" />
            ))}
          <TypeFigures kpis={kpis} t={t} locale={locale} />
        </dl>
      )}
      table={(kpis) => (
        <FigureTable
          caption={t('dashboards.kpis.title')}
          rows={kpiNames.filter((name) => !isTypeKpi(name) || presentTypeKpis(kpis).includes(name))}
          rowKey={(name) => name}
          columns={[
            { header: t('dashboards.kpis.figure'), cell: (name) => t(`dashboards.kpis.${name}`) },
            {
              header: t('dashboards.kpis.thisPeriod'),
              cell: (name) => formatKpi(name, kpis[name].value, locale),
              numeric: true,
            },
            {
              header: t('dashboards.kpis.previousPeriod'),
              cell: (name) => formatKpi(name, kpis[name].previous, locale),
              numeric: true,
            },
          ]}
        />
      )}
      footnote={() =>
        period
          ? t('dashboards.kpis.comparedWith', {
              start: formatDate(period.startTs, locale),
              end: formatDate(period.endTs, locale),
            })
          : t('dashboards.kpis.noPrevious')
      }
    />
  );
}
