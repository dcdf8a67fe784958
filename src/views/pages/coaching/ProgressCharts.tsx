// The agent's progress on a plan's focus items: per item, its weekly average score since the plan started with the
// goal drawn across, in the dashboards' card, score line chart and table. Loaded lazily with Recharts, as the dashboards are.
import { useTranslation } from 'react-i18next';
import type { CoachingFocusItem, CoachingProgress } from '../../../../contract/coaching';
import { useCoachingProgress } from '../../../services/queries/coaching';
import { FigureTable } from '../dashboards/FigureTable';
import { formatCount, formatPeriod, formatScore } from '../dashboards/graph-format';
import { GraphCard } from '../dashboards/GraphCard';
import { ScoreLineChart } from '../dashboards/ScoreLineChart';

type Point = CoachingProgress['items'][number]['points'][number];

function ItemProgress({
  item,
  query,
}: {
  item: CoachingFocusItem;
  query: ReturnType<typeof useCoachingProgress>;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const pointsOf = (data: CoachingProgress) =>
    data.items.find((entry) => entry.item_id === item.item_id)?.points ?? [];
  const week = (point: Point) =>
    t('coaching.progress.weekOf', { day: formatPeriod(point.period_start, 'week', locale) });
  return (
    <GraphCard
      title={item.item_name}
      query={query}
      isEmpty={(data) => pointsOf(data).every((point) => point.evaluated === 0)}
      emptyText={t('coaching.progress.empty')}
      footnote={() =>
        item.target_score === null
          ? ''
          : t('coaching.progress.goal', { score: formatScore(item.target_score, locale) })
      }
      chart={(data) => (
        <ScoreLineChart
          points={pointsOf(data)}
          heightClass="h-48"
          periodTick={(start) => formatPeriod(start, 'week', locale)}
          periodTitle={week}
          goal={item.target_score}
        />
      )}
      table={(data) => (
        <FigureTable
          caption={item.item_name}
          rows={pointsOf(data).filter((point) => point.evaluated > 0)}
          rowKey={(point) => point.period_start}
          columns={[
            { header: t('coaching.progress.week'), cell: week },
            {
              header: t('dashboards.evaluated'),
              cell: (point) => formatCount(point.evaluated, locale),
              numeric: true,
            },
            {
              header: t('dashboards.averageScore'),
              cell: (point) => formatScore(point.average_score, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}

export default function ProgressCharts({ planId, items }: { planId: string; items: CoachingFocusItem[] }) {
  const query = useCoachingProgress(planId);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {items.map((item) => (
        <ItemProgress key={item.item_id} item={item} query={query} />
      ))}
    </div>
  );
}
