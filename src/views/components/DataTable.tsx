// A list screen's table: search, sortable columns, a loading skeleton, an empty state, and an error with retry.
// Below 768 px (md) each row is a card of "label: value" lines and the header row a wrap of sort buttons, so no
// column is crushed or cut off; explicit roles keep it a table to assistive technology when CSS changes display.
import { ChevronDownIcon, ChevronUpIcon, MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => string | number;
}

interface DataTableProps<Row> {
  label: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyText: string;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  initialSort?: { key: string; direction: 'asc' | 'desc' };
}

/** A row: a table row from md up, a card below. */
const rowClass = 'max-md:block max-md:py-2';

/** A cell: below md a "label: value" line, its label the column header (from data-label). */
const cellClass =
  'px-4 py-3 align-middle max-md:flex max-md:min-h-10 max-md:items-center max-md:justify-between ' +
  'max-md:gap-4 max-md:py-1 max-md:text-right max-md:before:text-left max-md:before:text-xs ' +
  'max-md:before:font-medium max-md:before:text-gray-600 max-md:before:uppercase ' +
  'max-md:before:content-[attr(data-label)] max-md:empty:hidden max-md:*:shrink-0';

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** A list query's state, as the table takes it: loading, failed, and how to try again. */
export const queryState = (query: {
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}) => ({
  loading: query.isPending,
  error: query.isError,
  onRetry: () => void query.refetch(),
});

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  emptyText,
  search,
  initialSort,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const [sort, setSort] = useState(initialSort ?? null);

  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.key === sort?.key);
    if (!rows || !column?.sortValue || !sort) return rows;
    const value = column.sortValue;
    const direction = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const [left, right] = [value(a), value(b)];
      return (
        direction *
        (typeof left === 'number' && typeof right === 'number'
          ? left - right
          : collator.compare(String(left), String(right)))
      );
    });
  }, [rows, columns, sort]);

  const toggleSort = (key: string) =>
    setSort((current) => ({
      key,
      direction: current?.key === key && current.direction === 'asc' ? 'desc' : 'asc',
    }));

  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      {search && (
        <div className="border-b border-gray-200 p-3">
          <label className="relative block max-w-sm">
            <span className="sr-only">{search.placeholder}</span>
            <MagnifyingGlassIcon
              className="pointer-events-none absolute top-2.5 left-3 size-4 text-gray-400"
              aria-hidden="true"
            />
            <input
              type="search"
              value={search.value}
              onChange={(event) => search.onChange(event.target.value)}
              placeholder={search.placeholder}
              className="w-full rounded-lg bg-white py-2 pr-3 pl-9 text-sm ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-purple-600"
            />
          </label>
        </div>
      )}
      <div className="overflow-x-auto">
        <table role="table" className="w-full text-left text-sm max-md:block">
          <caption className="sr-only">{label}</caption>
          <thead
            role="rowgroup"
            className="bg-gray-50 text-xs font-medium tracking-wide text-gray-600 uppercase max-md:block"
          >
            <tr role="row" className="max-md:flex max-md:flex-wrap max-md:gap-x-4">
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    role="columnheader"
                    className={`px-4 py-3 whitespace-nowrap max-md:px-3 max-md:py-2 ${column.sortValue ? '' : 'max-md:hidden'}`}
                    aria-sort={
                      direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                    }
                  >
                    {column.sortValue ? (
                      <button
                        type="button"
                        onClick={() => toggleSort(column.key)}
                        className="inline-flex items-center gap-1 rounded uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-purple-600"
                      >
                        {column.header}
                        {direction === 'desc' ? (
                          <ChevronDownIcon className="size-4" aria-hidden="true" />
                        ) : (
                          <ChevronUpIcon
                            className={`size-4 ${direction ? '' : 'opacity-30'}`}
                            aria-hidden="true"
                          />
                        )}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody role="rowgroup" className="divide-y divide-gray-100 max-md:block">
            {loading &&
              [0, 1, 2].map((index) => (
                <tr key={index} aria-hidden="true" className={rowClass}>
                  {columns.map((column) => (
                    <td key={column.key} className="px-4 py-3 max-md:py-1">
                      <div className="h-4 animate-pulse rounded bg-gray-200" />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading &&
              sorted?.map((row) => (
                <tr key={rowKey(row)} role="row" className={`hover:bg-gray-50 ${rowClass}`}>
                  {columns.map((column) => (
                    <td key={column.key} role="cell" data-label={column.header} className={cellClass}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
      {loading && (
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
      )}
      {!loading && error && (
        <div role="alert" className="flex items-center gap-3 p-6 text-sm text-red-700">
          {t('common.loadFailed')}
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {!loading && !error && sorted?.length === 0 && <p className="p-6 text-sm text-gray-600">{emptyText}</p>}
    </div>
  );
}
