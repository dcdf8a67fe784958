// `/campaigns/{id}/items/{itemId}/evaluation-updates`: people's changes to one item of the campaign's grid,
// newest first — the answer before and after in the item's own words, the comment, who and when, and the
// conversation — a page at a time.
import { ArrowRightIcon, ClockIcon } from '@heroicons/react/20/solid';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { CurrentUser } from '../../../../contract/users';
import { useEvaluationGrid } from '../../../services/queries/evaluation-grids';
import { useItemUpdates } from '../../../services/queries/validation-stats';
import { ButtonLink } from '../../components/Button';
import { formatDateTime } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { useCampaignView } from '../campaigns/use-campaign-view';
import { LoadMore } from '../conversations/LoadMore';
import { describeValue } from './evaluation-value';

interface EvaluationUpdatesPageProps {
  campaignId: string;
  itemId: string;
  user: CurrentUser;
}

export default function EvaluationUpdatesPage({ campaignId, itemId, user }: EvaluationUpdatesPageProps) {
  const { t, i18n } = useTranslation();
  const view = useCampaignView(campaignId, user);
  const grid = useEvaluationGrid(campaignId);
  const updates = useItemUpdates(campaignId, itemId);
  const list = useRef<HTMLOListElement>(null);
  const focusRow = useCallback((index: number) => {
    list.current?.querySelectorAll<HTMLAnchorElement>('a[data-conversation]')[index]?.focus();
  }, []);

  const error = view.error ?? grid.error ?? (updates.data ? null : updates.error);
  if (error)
    return (
      <PageLoadError
        error={error}
        onRetry={() => void Promise.all([view.retry(), grid.refetch(), updates.refetch()])}
      />
    );
  if (view.pending || !view.campaign || !grid.data || !updates.data) return <Loading />;
  const section = grid.data.sections.find((candidate) => candidate.items.some((item) => item.id === itemId));
  const item = section?.items.find((candidate) => candidate.id === itemId);
  const rows = updates.data;
  return (
    <>
      <PageHeader
        title={`${t('pages.titles.evaluationUpdates')} · ${item?.name ?? t('itemUpdates.removedItem')}`}
        intro={
          section
            ? t('itemUpdates.intro', { section: section.name, campaign: view.campaign.name })
            : undefined
        }
      >
        <ButtonLink href={`/campaigns/${campaignId}/validation-stats`} variant="secondary">
          {t('itemUpdates.backToStats')}
        </ButtonLink>
      </PageHeader>
      {rows.length === 0 ? (
        <Notice icon={ClockIcon} title={t('itemUpdates.emptyTitle')} body={t('itemUpdates.emptyBody')} />
      ) : (
        <div className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          <ol ref={list} className="divide-y divide-gray-200" aria-label={t('itemUpdates.listLabel')}>
            {rows.map((update) => {
              const before = describeValue(update.before, item, t);
              const after = describeValue(update.after, item, t);
              return (
                <li key={update.id} className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 text-sm">
                      {update.before === update.after || before === after ? (
                        <span className="font-medium text-gray-900">
                          {t('itemUpdates.commentOnly', { value: after })}
                        </span>
                      ) : (
                        <>
                          <span className="text-gray-600 line-through decoration-gray-400">
                            <span className="sr-only">{t('itemUpdates.before')} </span>
                            {before}
                          </span>
                          <ArrowRightIcon className="size-4 text-gray-400" aria-hidden="true" />
                          <span className="font-medium text-gray-900">
                            <span className="sr-only">{t('itemUpdates.after')} </span>
                            {after}
                          </span>
                        </>
                      )}
                    </p>
                    {update.comment && (
                      <blockquote className="mt-1 border-l-2 border-purple-200 pl-3 text-sm break-words text-gray-700">
                        {update.comment}
                      </blockquote>
                    )}
                    <p className="mt-1 text-xs text-gray-500">
                      {t('itemUpdates.byWhen', {
                        who: update.user?.name ?? t('itemUpdates.deletedUser'),
                        when: formatDateTime(update.created_at, i18n.language),
                      })}
                    </p>
                  </div>
                  <Link
                    href={`/conversations/${update.conversation_id}`}
                    data-conversation=""
                    className="self-center text-sm font-medium text-purple-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600"
                  >
                    {t('itemUpdates.openConversation')}
                  </Link>
                </li>
              );
            })}
          </ol>
          <LoadMore
            shown={rows.length}
            hasMore={updates.hasNextPage}
            loading={updates.isFetchingNextPage}
            failed={updates.isFetchNextPageError}
            onLoadMore={() => void updates.fetchNextPage()}
            focusRow={focusRow}
            texts={{
              shownMore: t('itemUpdates.shownMore', { count: rows.length }),
              shownAll: t('itemUpdates.shownAll', { count: rows.length }),
              failed: t('itemUpdates.nextPageFailed'),
            }}
          />
        </div>
      )}
    </>
  );
}
