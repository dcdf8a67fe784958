// How many evaluations fall in each 10-point score band; a bar opens the conversations of that band.
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ScoreDistribution } from '../../../../contract/dashboard-graphs';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { bandFilter } from '../../../services/dashboards/drill-down-filters';
import { useScoreDistribution } from '../../../services/queries/dashboard-graphs';
import { axisTick, chartColors, scoreColor } from './chart-style';
import { ChartTooltip } from './ChartTooltip';
import { FigureLink, useDrillDown } from './drill-down';
import { FigureTable } from './FigureTable';
import { formatCount } from './graph-format';
import { GraphCard } from './GraphCard';

type Bin = ScoreDistribution['bins'][number];

export function ScoreDistributionCard({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useScoreDistribution(scope);
  const drillDown = useDrillDown();
  const band = (bin: Bin) => t('dashboards.distribution.band', { min: bin.min, max: bin.max });
  const open = (bin: Bin) => drillDown({ figure: bandFilter(bin), label: band(bin) });

  return (
    <GraphCard
      title={t('dashboards.distribution.title')}
      className={className}
      query={query}
      isEmpty={(data) => data.bins.every((bin) => bin.count === 0)}
      emptyText={t('dashboards.distribution.empty')}
      chart={(data) => (
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={data.bins}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            >
              <CartesianGrid stroke={chartColors.grid} vertical={false} />
              <XAxis dataKey="min" tick={axisTick} tickFormatter={(min: number) => String(min)} />
              <YAxis allowDecimals={false} tick={axisTick} />
              <Tooltip
                cursor={{ fill: '#f3e8ff' }}
                content={
                  <ChartTooltip<Bin>
                    describe={(bin) => ({
                      title: band(bin),
                      lines: [{ label: t('dashboards.evaluations'), value: formatCount(bin.count, locale) }],
                    })}
                  />
                }
              />
              <Bar
                dataKey="count"
                cursor="pointer"
                isAnimationActive={false}
                onClick={(entry: { payload?: Bin }) => entry.payload && open(entry.payload)}
              >
                {data.bins.map((bin) => (
                  <Cell key={bin.min} fill={scoreColor(bin.min)} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      footnote={(data) =>
        data.auto_failed > 0 ? t('dashboards.distribution.autoFailed', { count: data.auto_failed }) : null
      }
      table={(data) => (
        <FigureTable
          caption={t('dashboards.distribution.title')}
          rows={data.bins}
          rowKey={(bin) => String(bin.min)}
          columns={[
            {
              header: t('dashboards.distribution.scoreBand'),
              cell: (bin) => (
                <FigureLink figure={bandFilter(bin)} label={band(bin)}>
                  {band(bin)}
                </FigureLink>
              ),
            },
            {
              header: t('dashboards.evaluations'),
              cell: (bin) => formatCount(bin.count, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
