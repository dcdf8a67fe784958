// A horizontal bar chart of named rows (agents, topics, items, phases): names on the left, cut when long (whole
// on hover, in the tooltip and in the table), one bar per row sized to fit, a click opening the row's figure.
import { useIsMobile } from '../../../services/viewport';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick, chartColors, shortName } from './chart-style';
import { ChartTooltip, type TooltipLine } from './ChartTooltip';

const rowHeight = 26;
const axisHeight = 32;

/** The names' column: narrower on phones, where the bars need the room. */
const nameColumn = { phone: { width: 110, length: 16 }, wide: { width: 180, length: 26 } };

interface NameTickProps {
  x?: number;
  y?: number;
  payload?: { value: string };
  length: number;
}

function NameTick({ x, y, payload, length }: NameTickProps) {
  const name = payload?.value ?? '';
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill={chartColors.axis}>
      <title>{name}</title>
      {shortName(name, length)}
    </text>
  );
}

interface HorizontalBarsProps<Row> {
  rows: readonly Row[];
  name: (row: Row) => string;
  value: (row: Row) => number;
  /** The value axis' end; the largest value when absent. */
  max?: number;
  /** Values are counts: the axis ticks only whole numbers. */
  counts?: boolean;
  formatValue: (value: number) => string;
  color?: (row: Row) => string;
  tooltip: (row: Row) => TooltipLine[];
  onOpen?: (row: Row) => void;
}

export function HorizontalBars<Row>({
  rows,
  name,
  value,
  max,
  counts = false,
  formatValue,
  color,
  tooltip,
  onOpen,
}: HorizontalBarsProps<Row>) {
  const column = nameColumn[useIsMobile() ? 'phone' : 'wide'];
  const data = rows.map((row) => ({ row, name: name(row), value: value(row) }));
  type Datum = (typeof data)[number];
  return (
    <div style={{ height: rows.length * rowHeight + axisHeight }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke={chartColors.grid} horizontal={false} />
          <XAxis
            type="number"
            domain={[0, max ?? 'auto']}
            allowDecimals={!counts}
            tick={axisTick}
            tickFormatter={formatValue}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={column.width}
            tick={<NameTick length={column.length} />}
            interval={0}
          />
          <Tooltip
            cursor={{ fill: '#f3e8ff' }}
            content={
              <ChartTooltip<Datum> describe={(datum) => ({ title: datum.name, lines: tooltip(datum.row) })} />
            }
          />
          <Bar
            dataKey="value"
            barSize={16}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
            cursor={onOpen ? 'pointer' : undefined}
            onClick={(entry: { payload?: Datum }) => entry.payload && onOpen?.(entry.payload.row)}
          >
            {data.map((datum, index) => (
              // Names may repeat (two agents, items of two grids): the position is the key.
              <Cell key={index} fill={color ? color(datum.row) : chartColors.main} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
