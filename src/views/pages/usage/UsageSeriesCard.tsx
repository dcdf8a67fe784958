// The usage over time (test calls aside): one figure at a time (chosen in a compact list) as bars, by day, week or month; every bucket of the
// period drawn. Loaded with Recharts when first shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { usageGroupings, type OrganisationUsage, type UsageGrouping } from '../../../../contract/usage';
import { fillUsageBuckets, type UsageBucket } from '../../../services/usage/series-buckets';
import { axisTick, chartColors } from '../dashboards/chart-style';
import { ChartTooltip } from '../dashboards/ChartTooltip';
import { FigureTable } from '../dashboards/FigureTable';
import { formatPeriod } from '../dashboards/graph-format';
import { GraphCard, type GraphQueryState } from '../dashboards/GraphCard';
import { ToggleGroup } from '../dashboards/ToggleGroup';
import { formatMeasure, measureValue, usageMeasures, type UsageMeasure } from './usage-figures';

export default function UsageSeriesCard({
  query,
  period,
  groupBy,
  onGroupByChange,
}: {
  query: GraphQueryState<OrganisationUsage>;
  period: { startTs: number; endTs: number };
  groupBy: UsageGrouping;
  onGroupByChange: (groupBy: UsageGrouping) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [measure, setMeasure] = useState<UsageMeasure>('conversations');
  const buckets = (data: OrganisationUsage) => fillUsageBuckets(data, period.startTs, period.endTs);
  const periodOf = (bucket: UsageBucket, data: OrganisationUsage) =>
    formatPeriod(bucket.period_start, data.group_by, locale);
  const value = (bucket: UsageBucket) => measureValue(bucket.figures, measure);

  return (
    <GraphCard
      title={t('usage.overTime')}
      query={query}
      isEmpty={(data) => data.series.length === 0}
      emptyText={t('usage.empty')}
      controls={
        <div className="flex flex-wrap gap-2">
          <select
            aria-label={t('usage.measure')}
            value={measure}
            onChange={(event) => setMeasure(event.target.value as UsageMeasure)}
            className="rounded-lg bg-white py-1 pr-7 pl-2.5 text-xs font-medium text-gray-700 ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            {usageMeasures.map((option) => (
              <option key={option} value={option}>
                {t(`usage.measures.${option}`)}
              </option>
            ))}
          </select>
          <ToggleGroup
            label={t('usage.groupBy')}
            options={usageGroupings}
            value={groupBy}
            onChange={onGroupByChange}
            name={(option) => t(`dashboards.evolution.intervals.${option}`)}
          />
        </div>
      }
      chart={(data) => (
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={buckets(data).map((bucket) => ({ ...bucket, value: value(bucket) }))}
              margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
            >
              <CartesianGrid stroke={chartColors.grid} vertical={false} />
              <XAxis
                dataKey="period_start"
                tickFormatter={(start: string) => formatPeriod(start, data.group_by, locale)}
                tick={axisTick}
                minTickGap={16}
              />
              <YAxis
                tick={axisTick}
                allowDecimals={false}
                tickFormatter={(tick: number) =>
                  measure === 'audio'
                    ? formatMeasure(measure, tick, locale)
                    : new Intl.NumberFormat(locale, { notation: 'compact' }).format(tick)
                }
                width={56}
              />
              <Tooltip
                cursor={{ fill: chartColors.grid, opacity: 0.4 }}
                content={
                  <ChartTooltip<UsageBucket>
                    describe={(bucket) => ({
                      title: periodOf(bucket, data),
                      lines: [
                        {
                          label: t(`usage.measures.${measure}`),
                          value: formatMeasure(measure, value(bucket), locale),
                        },
                      ],
                    })}
                  />
                }
              />
              <Bar dataKey="value" fill={chartColors.main} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      table={(data) => (
        <FigureTable
          caption={t('usage.overTime')}
          rows={buckets(data).filter((bucket) =>
            usageMeasures.some((each) => measureValue(bucket.figures, each) > 0),
          )}
          rowKey={(bucket) => bucket.period_start}
          columns={[
            {
              header: t(`dashboards.evolution.periods.${data.group_by}`),
              cell: (bucket) => periodOf(bucket, data),
            },
            ...usageMeasures.map((each) => ({
              header: t(`usage.measures.${each}`),
              cell: (bucket: UsageBucket) => formatMeasure(each, measureValue(bucket.figures, each), locale),
              numeric: true,
            })),
          ]}
        />
      )}
    />
  );
}
