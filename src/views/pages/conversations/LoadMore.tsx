// The end of a paged list: how many rows are shown (conversations unless told what), and a button for the next
// page. The focus goes on to the first row the button added, where a keyboard user reads on (the button itself
// may be gone).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

interface LoadMoreProps {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  /** The last request for the next page failed: the button tries again. */
  failed: boolean;
  onLoadMore: () => void;
  /** Focuses the link of the row at this index (0-based). */
  focusRow: (index: number) => void;
  /** What to say of the rows shown and of a failed page, when they are not conversations. */
  texts?: { shownMore: string; shownAll: string; failed: string };
}

export function LoadMore({ shown, hasMore, loading, failed, onLoadMore, focusRow, texts }: LoadMoreProps) {
  const { t } = useTranslation();
  const firstNewRow = useRef<number | null>(null);

  useEffect(() => {
    if (firstNewRow.current !== null && !loading && shown > firstNewRow.current) {
      focusRow(firstNewRow.current);
      firstNewRow.current = null;
    }
  }, [shown, loading, focusRow]);

  const loadMore = () => {
    firstNewRow.current = shown;
    onLoadMore();
  };

  if (shown === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 p-3 text-sm text-gray-600">
      <p role="status">
        {hasMore
          ? (texts?.shownMore ?? t('conversations.shownMore', { count: shown }))
          : (texts?.shownAll ?? t('conversations.shownAll', { count: shown }))}
      </p>
      {failed && (
        <p role="alert" className="text-red-700">
          {texts?.failed ?? t('conversations.nextPageFailed')}
        </p>
      )}
      {hasMore && (
        <Button variant="secondary" onClick={loadMore} disabled={loading}>
          {loading ? t('common.loading') : failed ? t('common.retry') : t('conversations.loadMore')}
        </Button>
      )}
    </div>
  );
}
