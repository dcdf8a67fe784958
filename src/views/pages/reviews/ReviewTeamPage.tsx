// "Team" (/reviews/team): for a campaign whose reviews the user manages and a period (this week, this month, or
// days chosen), each reviewer's assigned / done / overdue / pending, and the campaign's pending assignments to
// reassign in bulk (a reviewer's row selects theirs).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewTeamMember } from '../../../../contract/reviews';
import type { CurrentUser } from '../../../../contract/users';
import { useCampaigns } from '../../../services/queries/campaigns';
import {
  useCampaignPendingAssignments,
  useReviewTeam,
  type ReviewPeriodSeconds,
} from '../../../services/queries/reviews';
import { Button } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { SelectField, TextField } from '../../components/fields';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { QueryError } from '../../components/QueryError';
import { PendingAssignments } from './PendingAssignments';
import { daysPeriod, thisMonth, thisWeek } from './review-periods';
import { ReviewsTabs } from './ReviewsTabs';

type PeriodKind = 'week' | 'month' | 'range';

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export default function ReviewTeamPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const campaigns = useCampaigns('');
  const managed = (campaigns.data?.items ?? []).filter(
    (campaign) => user.admin || campaign.my_role === 'owner' || campaign.my_role === 'editor',
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const campaign = managed.find((item) => item.id === chosen) ?? managed[0] ?? null;
  const [kind, setKind] = useState<PeriodKind>('week');
  const [days, setDays] = useState(() => ({ first: isoDay(new Date()), last: isoDay(new Date()) }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const period: ReviewPeriodSeconds =
    kind === 'week'
      ? thisWeek()
      : kind === 'month'
        ? thisMonth()
        : (daysPeriod(days.first, days.last) ?? thisWeek());
  const team = useReviewTeam(campaign?.id ?? null, period);
  // The same pages as the pending assignments' table below: a reviewer's row selects theirs among them.
  const pending = useCampaignPendingAssignments(campaign?.id ?? null, null);

  if (campaigns.isError)
    return <QueryError error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  if (campaigns.isPending) return <Loading />;

  const selectPendingOf = (member: ReviewTeamMember) =>
    setSelected(
      new Set(
        (pending.data?.pages ?? [])
          .flatMap((page) => page.items)
          .filter((item) => item.reviewer?.id === member.reviewer.id)
          .map((item) => item.id),
      ),
    );

  const columns: Column<ReviewTeamMember>[] = [
    { key: 'reviewer', header: t('reviews.columns.reviewer'), cell: (row) => row.reviewer.name },
    { key: 'assigned', header: t('reviews.columns.assigned'), cell: (row) => row.assigned },
    { key: 'done', header: t('reviews.columns.done'), cell: (row) => row.done },
    { key: 'overdue', header: t('reviews.columns.overdue'), cell: (row) => row.overdue },
    {
      key: 'pending',
      header: t('reviews.columns.pending'),
      cell: (row) => (
        <span className="inline-flex min-w-0 flex-wrap items-center justify-end gap-3 max-md:shrink!">
          {row.pending}
          {row.pending > 0 && (
            <Button
              variant="secondary"
              className="max-w-full px-2 py-1 text-left text-xs whitespace-normal"
              onClick={() => selectPendingOf(row)}
            >
              {t('reviews.selectPending', { name: row.reviewer.name })}
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.titles.reviewTeam')} intro={t('reviews.teamIntro')} />
      <ReviewsTabs />
      {campaign === null ? (
        <p className="text-sm text-gray-700">{t('reviews.noCampaigns')}</p>
      ) : (
        <div className="grid gap-6">
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-56">
              <SelectField
                label={t('reviews.campaign')}
                value={campaign.id}
                onChange={(event) => {
                  setChosen(event.target.value);
                  setSelected(new Set());
                }}
                options={managed.map((item) => ({ value: item.id, label: item.name }))}
              />
            </div>
            <div className="min-w-40">
              <SelectField
                label={t('reviews.period')}
                value={kind}
                onChange={(event) => setKind(event.target.value as PeriodKind)}
                options={(['week', 'month', 'range'] as const).map((value) => ({
                  value,
                  label: t(`reviews.periods.${value}`),
                }))}
              />
            </div>
            {kind === 'range' && (
              <>
                <TextField
                  type="date"
                  label={t('reviews.from')}
                  value={days.first}
                  onChange={(event) => setDays({ ...days, first: event.target.value })}
                />
                <TextField
                  type="date"
                  label={t('reviews.to')}
                  value={days.last}
                  onChange={(event) => setDays({ ...days, last: event.target.value })}
                />
              </>
            )}
          </div>
          <DataTable
            label={t('reviews.teamTable', { campaign: campaign.name })}
            columns={columns}
            rows={team.data}
            rowKey={(row) => row.reviewer.id}
            loading={team.isPending}
            error={team.isError}
            onRetry={() => void team.refetch()}
            busy={team.isPlaceholderData}
            emptyText={t('reviews.noReviewers')}
          />
          <PendingAssignments
            key={campaign.id}
            campaign={campaign}
            selected={selected}
            onSelect={setSelected}
          />
        </div>
      )}
    </>
  );
}
