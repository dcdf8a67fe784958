// A campaign's team of reviewers over a period: every reviewer who may review in it, with or without work, and
// anyone else who still holds assignments there, each with their counts.
import type { ReviewTeamMember } from '../../contract/reviews';
import type { Database } from '../db/client';
import { campaignCounts, type ReviewPeriod } from './counts-store';
import { listReviewers } from './reviewers-store';

const none = { assigned: 0, done: 0, overdue: 0, pending: 0 };

/** Per reviewer, by name: the campaign's reviewers first, then former ones who still hold assignments. */
export async function campaignTeam(
  db: Database,
  campaign: { id: string; organisationId: string },
  period: ReviewPeriod,
): Promise<ReviewTeamMember[]> {
  const [reviewers, rows] = await Promise.all([
    listReviewers(db, campaign),
    campaignCounts(db, campaign.id, period),
  ]);
  const counted = new Map(rows.map((row) => [row.reviewerId, row]));
  const current = new Set(reviewers.map((reviewer) => reviewer.id));
  const countsOf = (id: string) => {
    const row = counted.get(id);
    return row
      ? { assigned: row.assigned, done: row.done, overdue: row.overdue, pending: row.pending }
      : none;
  };
  return [
    ...reviewers.map(({ id, name }) => ({ reviewer: { id, name }, ...countsOf(id) })),
    ...rows
      .filter((row) => !current.has(row.reviewerId))
      .sort((a, b) => a.reviewerName.localeCompare(b.reviewerName))
      .map((row) => ({
        reviewer: { id: row.reviewerId, name: row.reviewerName },
        ...countsOf(row.reviewerId),
      })),
  ];
}
