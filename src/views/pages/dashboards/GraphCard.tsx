// The frame of every dashboard graph: its title, its own controls, and what it shows while loading, when there is
// nothing to show, when loading failed (the reason and a retry) and otherwise: the chart, with its figures in a
// table that screen readers always get and that anyone can show instead of the chart. The chart is drawn once the
// card comes near the viewport: the graphs below the fold cost no rendering until the user scrolls to them. It is
// drawn in a transition, in slices that leave the main thread to input.
import { ChartBarIcon, TableCellsIcon } from '@heroicons/react/20/solid';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessageKey } from '../../../services/api-error';
import { Button } from '../../components/Button';
import { useNearViewport } from '../../components/use-near-viewport';

/** What a card reads of its query. */
export interface GraphQueryState<Data> {
  data: Data | undefined;
  isPending: boolean;
  error: unknown;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

interface GraphCardProps<Data> {
  title: string;
  query: GraphQueryState<Data>;
  isEmpty: (data: Data) => boolean;
  emptyText: string;
  chart: (data: Data) => ReactNode;
  /** The figures as a table; absent when the content is already readable as it is (a list). */
  table?: (data: Data) => ReactNode;
  /** Controls beside the title (a period size, best or worst). */
  controls?: ReactNode;
  /** A line under the chart (a count the chart does not show). */
  footnote?: (data: Data) => ReactNode;
  /** Why the graph cannot be drawn for this scope (its query is then not sent), shown instead of it. */
  unavailable?: string | undefined;
  className?: string;
}

function GraphError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded-lg bg-red-50 p-4 text-sm text-red-800"
    >
      <p>
        {t('dashboards.loadFailed')} {t(errorMessageKey(error))}
      </p>
      {error instanceof ApiError && error.status < 500 && (
        <p className="text-xs text-red-700" lang="en">
          {error.detail}
        </p>
      )}
      <Button variant="secondary" onClick={() => void onRetry()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

function Footnote({ text }: { text: ReactNode }) {
  return text ? <p className="mt-2 text-xs text-gray-600">{text}</p> : null;
}

export function GraphCard<Data>({
  title,
  query,
  isEmpty,
  emptyText,
  chart,
  table,
  controls,
  footnote,
  unavailable,
  className = '',
}: GraphCardProps<Data>) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const [cardRef, nearViewport] = useNearViewport();
  // The figures and the card's coming into view are drawn in a transition: React renders a chart in slices that
  // leave the main thread to input between them, instead of one long task as the figures arrive.
  const data = useDeferredValue(query.data);
  const near = useDeferredValue(nearViewport);
  const ready = !unavailable && data !== undefined && !isEmpty(data);

  return (
    <section
      ref={cardRef}
      aria-label={title}
      aria-busy={!unavailable && (query.isPending || query.isPlaceholderData) ? true : undefined}
      className={`flex min-w-0 flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 ${className}`}
    >
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold text-gray-900">{title}</h2>
        {controls}
        {ready && table && (
          <button
            type="button"
            onClick={() => setAsTable((shown) => !shown)}
            className="flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-purple-700 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600"
          >
            {asTable ? (
              <ChartBarIcon className="size-4" aria-hidden="true" />
            ) : (
              <TableCellsIcon className="size-4" aria-hidden="true" />
            )}
            {asTable ? t('dashboards.showChart') : t('dashboards.showTable')}
          </button>
        )}
      </header>
      {unavailable ? (
        <p className="flex h-32 items-center justify-center rounded-lg bg-gray-50 px-4 text-center text-sm text-gray-600">
          {unavailable}
        </p>
      ) : query.error && data === undefined ? (
        <GraphError error={query.error} onRetry={query.refetch} />
      ) : data === undefined ? (
        <div role="status" className="h-48 animate-pulse rounded-lg bg-gray-100">
          <span className="sr-only">{t('dashboards.loading')}</span>
        </div>
      ) : !ready ? (
        <p className="flex h-32 items-center justify-center rounded-lg bg-gray-50 px-4 text-center text-sm text-gray-600">
          {emptyText}
        </p>
      ) : (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          {!table ? (
            chart(data)
          ) : (
            <>
              {!asTable && <div aria-hidden="true">{near ? chart(data) : <div className="h-48" />}</div>}
              <div className={asTable ? 'max-h-96 overflow-auto' : 'sr-only focus-within:not-sr-only'}>
                {table(data)}
              </div>
            </>
          )}
          <Footnote text={footnote?.(data)} />
        </div>
      )}
    </section>
  );
}
