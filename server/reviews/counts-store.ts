// Review counts' SQL: how many assignments each reviewer had open, did and let run late over a period, counted in
// one aggregate, for a reviewer's own progress and for a campaign's team.
import { and, count, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { reviewAssignments, users } from '../db/schema';

/** A period `[from, to)`. */
export interface ReviewPeriod {
  from: Date;
  to: Date;
}

export interface CountsRow {
  reviewerId: string;
  reviewerName: string;
  assigned: number;
  done: number;
  overdue: number;
  pending: number;
}

/** Open at some time in the period: given before its end, and still pending, or given or done within it. */
const openIn = ({ from, to }: ReviewPeriod): SQL | undefined =>
  and(
    lt(reviewAssignments.createdAt, to),
    or(
      eq(reviewAssignments.status, 'pending'),
      gte(reviewAssignments.createdAt, from),
      gte(reviewAssignments.doneAt, from),
    ),
  );

/** A time as a query parameter: a bare Date outside a column's mapping is not sent as one by every driver. */
const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

function countsOf(period: ReviewPeriod, now: Date) {
  const pending = sql`${reviewAssignments.status} = 'pending'`;
  return {
    assigned: count(),
    done: sql<number>`count(*) filter (where ${reviewAssignments.doneAt} >= ${at(period.from)} and ${reviewAssignments.doneAt} < ${at(period.to)})`.mapWith(
      Number,
    ),
    overdue:
      sql<number>`count(*) filter (where ${pending} and ${reviewAssignments.dueAt} < ${at(now)})`.mapWith(
        Number,
      ),
    pending: sql<number>`count(*) filter (where ${pending})`.mapWith(Number),
  };
}

/** The counts of reviewers' assignments matching `where` over the period, one row per reviewer with any. */
function countByReviewer(db: Database, where: SQL | undefined, period: ReviewPeriod, now: Date) {
  return db
    .select({ reviewerId: users.id, reviewerName: users.name, ...countsOf(period, now) })
    .from(reviewAssignments)
    .innerJoin(users, eq(users.id, reviewAssignments.reviewerId))
    .where(and(where, isNotNull(reviewAssignments.reviewerId), openIn(period)))
    .groupBy(users.id, users.name);
}

/** One reviewer's counts over the period, in every campaign. */
export async function reviewerCounts(
  db: Database,
  reviewerId: string,
  period: ReviewPeriod,
  now = new Date(),
) {
  const [row] = await countByReviewer(db, eq(reviewAssignments.reviewerId, reviewerId), period, now);
  return row ?? { assigned: 0, done: 0, overdue: 0, pending: 0 };
}

/** The counts of each reviewer with assignments in the campaign over the period. */
export function campaignCounts(
  db: Database,
  campaignId: string,
  period: ReviewPeriod,
  now = new Date(),
): Promise<CountsRow[]> {
  return countByReviewer(db, eq(reviewAssignments.campaignId, campaignId), period, now);
}
