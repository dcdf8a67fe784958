// The line of average scores over periods on the 0–100 scale, with its grid, period axis and tooltip (average
// score and evaluations), gaps left where a period has no evaluation; a goal, when given, drawn across as a dashed
// line. Shared by the dashboards' score evolution and the coaching progress charts.
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { axisTick, chartColors } from './chart-style';
import { ChartTooltip } from './ChartTooltip';
import { formatCount, formatScore } from './graph-format';

export interface ScorePoint {
  period_start: string;
  average_score: number | null;
  evaluated: number;
}

export function ScoreLineChart<Point extends ScorePoint>({
  points,
  heightClass,
  periodTick,
  periodTitle,
  goal = null,
}: {
  points: Point[];
  /** The Tailwind height of the chart's box, e.g. `h-64`. */
  heightClass: string;
  /** The short period name on the axis, from the period's start. */
  periodTick: (periodStart: string) => string;
  /** The period's name at the top of the tooltip. */
  periodTitle: (point: Point) => string;
  goal?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <div className={heightClass}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          accessibilityLayer={false}
          data={points}
          margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
        >
          <CartesianGrid stroke={chartColors.grid} vertical={false} />
          <XAxis dataKey="period_start" tickFormatter={periodTick} tick={axisTick} minTickGap={16} />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={axisTick} />
          {goal !== null && <ReferenceLine y={goal} stroke={chartColors.good} strokeDasharray="4 4" />}
          <Tooltip
            content={
              <ChartTooltip<Point>
                describe={(point) => ({
                  title: periodTitle(point),
                  lines: [
                    { label: t('dashboards.averageScore'), value: formatScore(point.average_score, locale) },
                    { label: t('dashboards.evaluated'), value: formatCount(point.evaluated, locale) },
                  ],
                })}
              />
            }
          />
          <Line
            type="monotone"
            dataKey="average_score"
            stroke={chartColors.main}
            strokeWidth={2}
            dot={{ r: 2.5 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
