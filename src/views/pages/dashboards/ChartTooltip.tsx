// The tooltip of every dashboard chart: a title and lines of label and figure, already written in the locale.
export interface TooltipLine {
  label: string;
  value: string;
}

interface ChartTooltipProps<Row> {
  active?: boolean;
  payload?: readonly { payload?: Row }[];
  describe: (row: Row) => { title: string; lines: TooltipLine[] };
}

export function ChartTooltip<Row>({ active, payload, describe }: ChartTooltipProps<Row>) {
  const row = payload?.[0]?.payload;
  if (!active || row === undefined) return null;
  const { title, lines } = describe(row);
  return (
    <div className="rounded-lg bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-gray-200">
      <p className="mb-1 font-semibold text-gray-900">{title}</p>
      {lines.map((line) => (
        <p key={line.label} className="flex justify-between gap-4 text-gray-700">
          <span>{line.label}</span>
          <span className="font-medium tabular-nums">{line.value}</span>
        </p>
      ))}
    </div>
  );
}
