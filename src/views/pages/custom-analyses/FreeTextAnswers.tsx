// A free-text analysis's answers, newest conversations first, a page at a time; each links to its conversation.
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useFreeTextAnswers } from '../../../services/queries/custom-analyses';
import { formatDate } from '../../components/format';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { LoadMore } from '../conversations/LoadMore';

export function FreeTextAnswers({ campaignId, analysisId }: { campaignId: string; analysisId: string }) {
  const { t, i18n } = useTranslation();
  const answers = useFreeTextAnswers(campaignId, analysisId);
  const list = useRef<HTMLUListElement>(null);
  const focusRow = useCallback(
    (index: number) => list.current?.querySelectorAll<HTMLElement>('a')[index]?.focus(),
    [],
  );
  if (answers.isPending) return <Loading />;
  if (answers.error && !answers.data)
    return <QueryError error={answers.error} onRetry={() => void answers.refetch()} />;
  const rows = answers.data ?? [];
  if (rows.length === 0) return <p className="text-sm text-gray-600">{t('customAnalyses.answers.noText')}</p>;
  return (
    <div>
      <ul ref={list} className="divide-y divide-gray-100">
        {rows.map((row) => (
          <li key={row.id} className="py-2">
            <blockquote className="text-sm break-words text-gray-900">
              {t('customAnalyses.answers.quoted', { text: row.answer })}
            </blockquote>
            <Link
              href={`/conversations/${row.id}`}
              className="text-xs text-purple-800 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
            >
              {t('customAnalyses.answers.from', {
                date: formatDate(row.started_at, i18n.language),
                agent: row.agent_name ?? t('conversation.facts.noAgent'),
              })}
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore
        shown={rows.length}
        hasMore={answers.hasNextPage}
        loading={answers.isFetchingNextPage}
        failed={answers.isFetchNextPageError}
        onLoadMore={() => void answers.fetchNextPage()}
        focusRow={focusRow}
        texts={{
          shownMore: t('customAnalyses.answers.shownMore', { count: rows.length }),
          shownAll: t('customAnalyses.answers.shownAll', { count: rows.length }),
          failed: t('customAnalyses.answers.nextPageFailed'),
        }}
      />
    </div>
  );
}
