// A list screen's table: search, sortable columns (sorted here, or by the server for paged lists), a loading
// skeleton, an empty state, an error with retry, a footer (paging) and, when asked, a checkbox per row to pick
// rows (shift held for a range) with one in the header for every row shown.
// Below 768 px (md) each row is a card of "label: value" lines and the header row a wrap of sort buttons, so no
// column is crushed or cut off; explicit roles keep it a table to assistive technology when CSS changes display.
// Rows that arrive in an empty table render after it has painted, in a render React can interrupt (decision 0204):
// a page's heading and controls show without waiting for its fifty or two hundred rows, and no long task blocks
// the page meanwhile; later changes to rows on screen render at once.
import { ChevronDownIcon, ChevronUpIcon, MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: Row) => string | number;
  /** Makes the column sortable by the server (see `serverSort`). */
  serverSortable?: boolean;
}

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

interface DataTableProps<Row> {
  label: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyText: ReactNode;
  search?: { value: string; onChange: (value: string) => void; placeholder: string };
  initialSort?: SortState;
  /** The rows come sorted by the server: the table shows this order and asks for another. */
  serverSort?: { value: SortState; onChange: (sort: SortState) => void };
  /** Rows are shown while newer ones load: they are dimmed and the table is marked busy. */
  busy?: boolean;
  footer?: ReactNode;
  selection?: RowPicking<Row>;
}

/** A checkbox per row, above the row's stretched link, and one in the header for every row shown. */
export interface RowPicking<Row> {
  isSelected: (row: Row) => boolean;
  /** A row's checkbox clicked; `range` when shift was held. */
  onToggle: (row: Row, range: boolean) => void;
  shown: 'none' | 'some' | 'all';
  onToggleShown: () => void;
  /** The header checkbox's name ("Select the conversations shown"). */
  shownLabel: string;
  /** A row's checkbox's name. */
  rowLabel: (row: Row) => string;
}

/** Above a stretched link (`after:absolute`), so that a click on it picks the row rather than opening it. */
const checkboxClass =
  'relative z-10 size-4 cursor-pointer rounded border-gray-400 accent-purple-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-purple-600';

/**
 * A row: a table row from md up, a card below. It is the containing block of a link stretched over the whole row
 * (`stretchedLinkClass`), so that a click anywhere on it follows the link.
 */
const rowClass = 'relative max-md:block max-md:py-2';

/** A link that covers its row: click, middle-click and Enter work on the whole row; the row shows its focus. */
export const stretchedLinkClass =
  'font-medium text-purple-800 after:absolute after:inset-0 after:rounded-sm focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-purple-600';

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
  serverSort,
  busy = false,
  footer,
  selection,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const [localSort, setLocalSort] = useState(initialSort ?? null);
  const sort = serverSort?.value ?? localSort;

  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.key === sort?.key);
    if (!rows || !column?.sortValue || !sort || serverSort) return rows;
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
  }, [rows, columns, sort, serverSort]);
  // Whether there are rows, a render late: the skeleton stays while rows that just came render behind it, and the
  // footer waits for them (shown below the skeleton, it would be pushed down as they come: a layout shift).
  const rowsReady = useDeferredValue(sorted !== undefined, false);
  const rowsComing = sorted !== undefined && !rowsReady;
  const drawing = loading || rowsComing;

  const toggleSort = (key: string) => {
    const next: SortState = {
      key,
      direction: sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc',
    };
    if (serverSort) serverSort.onChange(next);
    else setLocalSort(next);
  };
  const isSortable = (column: Column<Row>) =>
    serverSort ? column.serverSortable === true : column.sortValue !== undefined;

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
        <table
          role="table"
          aria-busy={busy}
          className={`w-full text-left text-sm max-md:block ${busy ? 'opacity-60' : ''}`}
        >
          <caption className="sr-only">{label}</caption>
          <thead
            role="rowgroup"
            className="bg-gray-50 text-xs font-medium tracking-wide text-gray-600 uppercase max-md:block"
          >
            <tr role="row" className="max-md:flex max-md:flex-wrap max-md:gap-x-4">
              {selection && (
                <th scope="col" role="columnheader" className="w-10 py-3 pr-0 pl-4 max-md:px-3 max-md:py-2">
                  <input
                    type="checkbox"
                    aria-label={selection.shownLabel}
                    checked={selection.shown === 'all'}
                    ref={(input) => {
                      if (input) input.indeterminate = selection.shown === 'some';
                    }}
                    onChange={selection.onToggleShown}
                    disabled={!sorted || sorted.length === 0}
                    className={checkboxClass}
                  />
                </th>
              )}
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : null;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    role="columnheader"
                    className={`px-4 py-3 whitespace-nowrap max-md:px-3 max-md:py-2 ${isSortable(column) ? '' : 'max-md:hidden'}`}
                    aria-sort={
                      direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                    }
                  >
                    {isSortable(column) ? (
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
            {drawing &&
              [0, 1, 2].map((index) => (
                <tr key={index} aria-hidden="true" className={rowClass}>
                  {selection && <td className="w-10 py-3 pr-0 pl-4 max-md:hidden" />}
                  {columns.map((column) => (
                    <td key={column.key} className="px-4 py-3 max-md:py-1">
                      <div className="h-4 animate-pulse rounded bg-gray-200" />
                    </td>
                  ))}
                </tr>
              ))}
            {!drawing &&
              sorted?.map((row) => (
                <tr
                  key={rowKey(row)}
                  role="row"
                  className={`${selection?.isSelected(row) ? 'bg-purple-50' : 'hover:bg-gray-50'} ${rowClass}`}
                >
                  {selection && (
                    <td
                      role="cell"
                      className="w-10 py-3 pr-0 pl-4 align-middle max-md:block max-md:px-4 max-md:pt-1 max-md:pb-0"
                    >
                      <input
                        type="checkbox"
                        aria-label={selection.rowLabel(row)}
                        checked={selection.isSelected(row)}
                        readOnly
                        onClick={(event) => selection.onToggle(row, event.shiftKey)}
                        className={checkboxClass}
                      />
                    </td>
                  )}
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
      {drawing && (
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
      )}
      {!drawing && error && (
        <div role="alert" className="flex items-center gap-3 p-6 text-sm text-red-700">
          {t('common.loadFailed')}
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {!drawing && !error && sorted?.length === 0 && (
        <div className="p-6 text-sm text-gray-600">{emptyText}</div>
      )}
      {!rowsComing && footer}
    </div>
  );
}
