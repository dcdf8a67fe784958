// The validation statistics' charts (Recharts, loaded with this module only): the agreement rate per item as
// horizontal bars, and per week as a line. Both are pictures for sighted readers; the page's tables carry the same
// figures for everyone, so each chart is one labelled image to assistive technology.
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatRate, formatWeek } from './figure-format';
import type { ItemFigures, WeekFigures } from './validation-figures';

const purple = '#7e22ce';
/** Longest item name a bar's label shows whole; longer ones are cut (the table names them in full). */
const labelLength = 18;

/** An item's name beside its bar, cut with an ellipsis when long; the full name shows on hover. */
function ItemTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const name = payload?.value ?? '';
  const shown = name.length > labelLength ? `${name.slice(0, labelLength - 1).trimEnd()}…` : name;
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="#4b5563">
      <title>{name}</title>
      {shown}
    </text>
  );
}
const percentTicks = [0, 0.25, 0.5, 0.75, 1];

function ChartFigure({
  title,
  summary,
  height,
  children,
}: {
  title: string;
  summary: string;
  height: number;
  children: React.ReactElement;
}) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-medium text-gray-700">{title}</figcaption>
      <div role="img" aria-label={summary} style={{ height }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export default function ValidationCharts({ items, weeks }: { items: ItemFigures[]; weeks: WeekFigures[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rate = (value: unknown) => formatRate(typeof value === 'number' ? value : null, locale);
  const rated = items.filter((item) => item.rate !== null);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure
        title={t('validationStats.chartPerItem')}
        summary={t('validationStats.chartPerItemSummary', { count: rated.length })}
        height={Math.max(160, rated.length * 32 + 40)}
      >
        <BarChart data={rated} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid horizontal={false} stroke="#e5e7eb" />
          <XAxis type="number" domain={[0, 1]} ticks={percentTicks} tickFormatter={rate} fontSize={12} />
          <YAxis type="category" dataKey="name" width={128} tick={<ItemTick />} interval={0} />
          <Tooltip formatter={(value) => [rate(value), t('validationStats.columns.rate')]} />
          <Bar dataKey="rate" fill={purple} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ChartFigure>
      <ChartFigure
        title={t('validationStats.chartPerWeek')}
        summary={t('validationStats.chartPerWeekSummary', { count: weeks.length })}
        height={240}
      >
        <LineChart data={weeks} margin={{ left: 8, right: 16, top: 8 }}>
          <CartesianGrid stroke="#e5e7eb" />
          <XAxis dataKey="week" tickFormatter={(week: string) => formatWeek(week, locale)} fontSize={12} />
          <YAxis domain={[0, 1]} ticks={percentTicks} tickFormatter={rate} width={48} fontSize={12} />
          <Tooltip
            labelFormatter={(week) => t('validationStats.weekOf', { date: formatWeek(String(week), locale) })}
            formatter={(value) => [rate(value), t('validationStats.columns.rate')]}
          />
          <Line dataKey="rate" stroke={purple} strokeWidth={2} connectNulls isAnimationActive={false} />
        </LineChart>
      </ChartFigure>
    </div>
  );
}
