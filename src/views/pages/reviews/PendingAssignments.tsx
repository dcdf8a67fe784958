// A campaign's pending assignments with a checkbox each, and the bulk reassignment of those selected to another
// reviewer: all or none, with a message saying what happened.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewAssignment } from '../../../../contract/reviews';
import {
  useCampaignPendingAssignments,
  useCampaignReviewers,
  useReassignAssignments,
} from '../../../services/queries/reviews';
import { Button } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { SelectField } from '../../components/fields';
import { formatDate } from '../../components/format';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import { DueDate } from './DueDate';

interface PendingAssignmentsProps {
  campaign: { id: string; name: string };
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
}

export function PendingAssignments({ campaign, selected, onSelect }: PendingAssignmentsProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const pending = useCampaignPendingAssignments(campaign.id, null);
  const reviewers = useCampaignReviewers(campaign.id);
  const reassign = useReassignAssignments();
  const [reviewerId, setReviewerId] = useState('');
  const rows = pending.data?.pages.flatMap((page) => page.items);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  const describe = (row: ReviewAssignment) =>
    t('reviews.conversationLink', {
      type: t(`conversation.types.${row.conversation.type}`),
      date: formatDate(row.conversation.started_at, i18n.language),
    });
  const columns: Column<ReviewAssignment>[] = [
    {
      key: 'select',
      header: t('reviews.columns.conversation'),
      cell: (row) => (
        <label className="inline-flex min-w-0 flex-wrap items-center justify-end gap-2 text-left max-md:shrink!">
          <input
            type="checkbox"
            className="size-4 accent-purple-700 focus-visible:outline-2 focus-visible:outline-purple-600"
            checked={selected.has(row.id)}
            onChange={(event) => toggle(row.id, event.target.checked)}
            aria-label={t('reviews.select', {
              conversation: `${describe(row)}, ${row.reviewer?.name ?? ''}`,
            })}
          />
          {describe(row)}
        </label>
      ),
    },
    {
      key: 'reviewer',
      header: t('reviews.columns.reviewer'),
      cell: (row) => row.reviewer?.name ?? '—',
    },
    {
      key: 'agent',
      header: t('reviews.columns.agent'),
      cell: (row) => row.conversation.agent?.name ?? t('reviews.noAgent'),
    },
    { key: 'due', header: t('reviews.columns.due'), cell: (row) => <DueDate assignment={row} /> },
  ];
  const target = reviewers.data?.find((reviewer) => reviewer.id === reviewerId);
  const submit = () => {
    if (!target || selected.size === 0) return;
    const ids = [...selected];
    reassign.mutate(
      { assignment_ids: ids, reviewer_id: target.id },
      {
        onSuccess: () => {
          notify.success('reviews.reassigned', { count: ids.length, name: target.name });
          onSelect(new Set());
        },
        onError: (error) => notify.failure('reviews.reassignFailed', error),
      },
    );
  };

  return (
    <Section title={t('reviews.pendingTitle')}>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <div className="min-w-56">
          <SelectField
            label={t('reviews.reassignTo')}
            value={reviewerId}
            onChange={(event) => setReviewerId(event.target.value)}
            options={[
              { value: '', label: '—' },
              ...(reviewers.data ?? []).map((reviewer) => ({ value: reviewer.id, label: reviewer.name })),
            ]}
          />
        </div>
        <Button disabled={!target || selected.size === 0 || reassign.isPending} onClick={submit}>
          {t('reviews.reassign')}
        </Button>
        {selected.size > 0 && (
          <>
            <p role="status" className="text-sm text-gray-700">
              {t('reviews.selectedCount', { count: selected.size })}
            </p>
            <Button variant="secondary" onClick={() => onSelect(new Set())}>
              {t('reviews.clearSelection')}
            </Button>
          </>
        )}
      </div>
      <DataTable
        label={t('reviews.pendingTable', { campaign: campaign.name })}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        loading={pending.isPending}
        error={pending.isError && !pending.isFetchNextPageError}
        onRetry={() => void pending.refetch()}
        emptyText={t('reviews.noPending')}
        footer={
          pending.hasNextPage && (
            <Button
              variant="secondary"
              disabled={pending.isFetchingNextPage}
              onClick={() => void pending.fetchNextPage()}
            >
              {t('reviews.loadMore')}
            </Button>
          )
        }
      />
    </Section>
  );
}
