// "My queue" (/reviews): the reviewer's pending assignments by due date, overdue first, each a link on the walk
// through the queue; their progress this week; "Start reviewing" opens the first.
import { ClipboardDocumentCheckIcon } from '@heroicons/react/24/outline';
import { PlayIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ReviewAssignment } from '../../../../contract/reviews';
import { useReviewProgress, useReviewQueue } from '../../../services/queries/reviews';
import { conversationOnWalk } from '../../../services/review-walk/walk-address';
import { Button, ButtonLink } from '../../components/Button';
import { DataTable, stretchedLinkClass, type Column } from '../../components/DataTable';
import { formatDate } from '../../components/format';
import { Notice } from '../../components/Notice';
import { PageHeader } from '../../components/PageHeader';
import { DueDate } from './DueDate';
import { thisWeek } from './review-periods';
import { ReviewsTabs } from './ReviewsTabs';

const queueWalk = { kind: 'queue' as const };

function QueueProgress() {
  const { t } = useTranslation();
  const [week] = useState(() => thisWeek());
  const progress = useReviewProgress(week);
  if (!progress.data) return null;
  const { assigned, done, overdue, pending } = progress.data;
  return (
    <section
      aria-label={t('reviews.progressLabel')}
      className="mb-4 grid gap-2 rounded-lg bg-white p-4 ring-1 ring-gray-200"
    >
      <p className="text-sm font-medium text-gray-900">{t('reviews.progress', { done, assigned })}</p>
      <progress
        className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-gray-200 [&::-webkit-progress-value]:bg-purple-700"
        max={Math.max(assigned, 1)}
        value={done}
        aria-label={t('reviews.progressLabel')}
      />
      <p className="text-sm text-gray-700">
        {t('reviews.pendingCount', { count: pending })}
        {overdue > 0 && ` · ${t('reviews.overdueCount', { count: overdue })}`}
      </p>
    </section>
  );
}

export default function ReviewQueuePage() {
  const { t, i18n } = useTranslation();
  const queue = useReviewQueue();
  const rows = queue.data?.pages.flatMap((page) => page.items);
  const first = rows?.[0];

  const columns: Column<ReviewAssignment>[] = [
    {
      key: 'conversation',
      header: t('reviews.columns.conversation'),
      cell: (row) => (
        <Link href={conversationOnWalk(row.conversation.id, queueWalk)} className={stretchedLinkClass}>
          {t('reviews.conversationLink', {
            type: t(`conversation.types.${row.conversation.type}`),
            date: formatDate(row.conversation.started_at, i18n.language),
          })}
        </Link>
      ),
    },
    { key: 'campaign', header: t('reviews.columns.campaign'), cell: (row) => row.campaign.name },
    {
      key: 'agent',
      header: t('reviews.columns.agent'),
      cell: (row) => row.conversation.agent?.name ?? t('reviews.noAgent'),
    },
    { key: 'due', header: t('reviews.columns.due'), cell: (row) => <DueDate assignment={row} /> },
  ];

  return (
    <>
      <PageHeader title={t('pages.titles.reviewQueue')} intro={t('reviews.queueIntro')}>
        {first && (
          <ButtonLink href={conversationOnWalk(first.conversation.id, queueWalk)}>
            <PlayIcon className="size-4" aria-hidden="true" />
            {t('reviews.startReviewing')}
          </ButtonLink>
        )}
      </PageHeader>
      <ReviewsTabs />
      <QueueProgress />
      <DataTable
        label={t('pages.titles.reviewQueue')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={queue.isPending}
        error={queue.isError && !queue.isFetchNextPageError}
        onRetry={() => void queue.refetch()}
        emptyText={
          <Notice
            icon={ClipboardDocumentCheckIcon}
            title={t('reviews.emptyTitle')}
            body={t('reviews.emptyBody')}
          />
        }
        footer={
          queue.hasNextPage && (
            <Button
              variant="secondary"
              disabled={queue.isFetchingNextPage}
              onClick={() => void queue.fetchNextPage()}
            >
              {t('reviews.loadMore')}
            </Button>
          )
        }
      />
    </>
  );
}
