// The average main score over time, by day, week or month (chosen from the period, changeable), every bucket of
// the period drawn so that days without evaluations show as gaps.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreInterval } from '../../../../contract/dashboard-graphs';
import { scoreIntervals } from '../../../../contract/values/dashboard-graphs';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { defaultInterval, fillBuckets, type ScoreBucket } from '../../../services/dashboards/score-buckets';
import { useScoreEvolution } from '../../../services/queries/dashboard-graphs';
import { FigureTable } from './FigureTable';
import { formatCount, formatPeriod, formatScore } from './graph-format';
import { GraphCard } from './GraphCard';
import { ScoreLineChart } from './ScoreLineChart';
import { ToggleGroup } from './ToggleGroup';

export function ScoreEvolutionCard({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [chosen, setChosen] = useState<ScoreInterval | null>(null);
  const interval = chosen ?? defaultInterval(scope.startTs, scope.endTs);
  const query = useScoreEvolution(scope, interval);
  const buckets = (data: NonNullable<typeof query.data>) => fillBuckets(data, scope.startTs, scope.endTs);
  const period = (bucket: ScoreBucket) =>
    formatPeriod(bucket.period_start, query.data?.interval ?? interval, locale);

  return (
    <GraphCard
      title={t('dashboards.evolution.title')}
      className={className}
      query={query}
      isEmpty={(data) => data.points.length === 0}
      emptyText={t('dashboards.evolution.empty')}
      controls={
        <ToggleGroup
          label={t('dashboards.evolution.interval')}
          options={scoreIntervals}
          value={interval}
          onChange={setChosen}
          name={(option) => t(`dashboards.evolution.intervals.${option}`)}
        />
      }
      chart={(data) => (
        <ScoreLineChart
          points={buckets(data)}
          heightClass="h-64"
          periodTick={(start) => formatPeriod(start, data.interval, locale)}
          periodTitle={period}
        />
      )}
      table={(data) => (
        <FigureTable
          caption={t('dashboards.evolution.title')}
          rows={buckets(data).filter((bucket) => bucket.evaluated > 0)}
          rowKey={(bucket) => bucket.period_start}
          columns={[
            { header: t(`dashboards.evolution.periods.${data.interval}`), cell: period },
            {
              header: t('dashboards.evaluated'),
              cell: (bucket) => formatCount(bucket.evaluated, locale),
              numeric: true,
            },
            {
              header: t('dashboards.averageScore'),
              cell: (bucket) => formatScore(bucket.average_score, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
