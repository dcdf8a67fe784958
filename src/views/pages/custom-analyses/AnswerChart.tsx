// A yes/no or choice analysis's answers as horizontal bars (Recharts, loaded with this module only). The chart is
// a picture for sighted readers; the table view carries the same figures, so the chart is one labelled image.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnswerCount } from './answer-counts';

const purple = '#7e22ce';
const barHeight = 36;
/** Longest label shown whole beside a bar; the table shows longer ones in full. */
const labelLength = 13;

function LabelTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const label = payload?.value ?? '';
  const shown = label.length > labelLength ? `${label.slice(0, labelLength - 1).trimEnd()}…` : label;
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="#4b5563">
      <title>{label}</title>
      {shown}
    </text>
  );
}

export default function AnswerChart({
  counts,
  summary,
  language,
}: {
  counts: AnswerCount[];
  summary: string;
  language: string;
}) {
  const format = (value: number) => value.toLocaleString(language);
  return (
    <div role="img" aria-label={summary} style={{ height: counts.length * barHeight + 40 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={counts} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid horizontal={false} stroke="#e5e7eb" />
          <XAxis type="number" allowDecimals={false} tickFormatter={format} fontSize={12} />
          <YAxis type="category" dataKey="label" width={96} tick={<LabelTick />} interval={0} />
          <Tooltip formatter={(value) => format(Number(value))} cursor={{ fill: '#f3e8ff' }} />
          <Bar dataKey="count" fill={purple} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
