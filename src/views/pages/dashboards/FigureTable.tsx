// The table view of a graph: its figures as rows, numbers aligned to the right.
import type { ReactNode } from 'react';

export interface FigureColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

export function FigureTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly FigureColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const align = (numeric?: boolean) => (numeric ? 'text-right tabular-nums' : 'text-left');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-200 text-xs text-gray-600">
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={`px-2 py-1.5 font-medium ${align(column.numeric)}`}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-gray-100 last:border-0">
            {columns.map((column) => (
              <td key={column.header} className={`px-2 py-1.5 text-gray-800 ${align(column.numeric)}`}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
