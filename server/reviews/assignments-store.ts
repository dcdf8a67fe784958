// Review assignments' SQL: a page of them with the names they show and their total, one with what its access check
// needs, the conversations given by hand, and changes.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewAssignmentStatus } from '../../contract/reviews';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { campaigns, conversations, queueOrder, reviewAssignments, reviewRules, users } from '../db/schema';

const agent = alias(users, 'agent');
const reviewer = alias(users, 'reviewer');

/** Which assignments a list shows; every field narrows it. */
export interface AssignmentFilter {
  reviewerId?: string;
  campaignId?: string;
  status?: ReviewAssignmentStatus;
}

const matching = (filter: AssignmentFilter): SQL | undefined =>
  and(
    filter.reviewerId === undefined ? undefined : eq(reviewAssignments.reviewerId, filter.reviewerId),
    filter.campaignId === undefined ? undefined : eq(reviewAssignments.campaignId, filter.campaignId),
    filter.status === undefined ? undefined : eq(reviewAssignments.status, filter.status),
  );

const queuePosition = queueOrder(reviewAssignments.dueAt);

/** Where a page starts: the assignment it follows. */
type QueueCursor = Pick<typeof reviewAssignments.$inferSelect, 'id' | 'dueAt'>;

/** After the assignment `cursor` in the queues' order: due time (none last), then id, as their index walks it. */
const after = (cursor: QueueCursor): SQL =>
  sql`(${queuePosition}, ${reviewAssignments.id}) > (coalesce(${cursor.dueAt?.toISOString() ?? null}::timestamptz, 'infinity'::timestamptz), ${cursor.id}::uuid)`;

const assignmentColumns = {
  assignment: reviewAssignments,
  campaignName: campaigns.name,
  conversationType: conversations.type,
  conversationStartedAt: conversations.startedAt,
  agentId: conversations.agentId,
  agentName: agent.name,
  reviewerName: reviewer.name,
  ruleName: reviewRules.name,
};

function selectAssignments(db: Database) {
  return db
    .select(assignmentColumns)
    .from(reviewAssignments)
    .innerJoin(campaigns, eq(campaigns.id, reviewAssignments.campaignId))
    .innerJoin(conversations, eq(conversations.id, reviewAssignments.conversationId))
    .leftJoin(agent, eq(agent.id, conversations.agentId))
    .leftJoin(reviewer, eq(reviewer.id, reviewAssignments.reviewerId))
    .leftJoin(reviewRules, eq(reviewRules.id, reviewAssignments.ruleId));
}

/** An assignment with the names it shows. */
export interface AssignmentRow {
  assignment: typeof reviewAssignments.$inferSelect;
  campaignName: string;
  conversationType: (typeof conversations.$inferSelect)['type'];
  conversationStartedAt: Date;
  agentId: string | null;
  agentName: string | null;
  reviewerName: string | null;
  ruleName: string | null;
}

/**
 * A page of the assignments `filter` selects, after `startAfter` (an assignment id), and on the first page how many
 * there are (null on later pages: counting a long queue again on every page costs more than the page).
 */
export async function listAssignments(
  db: Database,
  filter: AssignmentFilter,
  page: { startAfter?: string | undefined; limit: number },
): Promise<{ rows: AssignmentRow[]; total: number | null }> {
  const where = matching(filter);
  if (!page.startAfter) {
    const [rows, [total]] = await Promise.all([
      pageOf(db, where, undefined, page.limit),
      db.select({ n: count() }).from(reviewAssignments).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
  // The cursor's place stands even once it has left the page's status (validated while shown, skipped).
  const [cursor] = await db
    .select({ id: reviewAssignments.id, dueAt: reviewAssignments.dueAt })
    .from(reviewAssignments)
    .where(and(matching({ ...filter, status: undefined }), eq(reviewAssignments.id, page.startAfter)));
  return { rows: cursor ? await pageOf(db, where, cursor, page.limit) : [], total: null };
}

function pageOf(db: Database, where: SQL | undefined, cursor: QueueCursor | undefined, limit: number) {
  return selectAssignments(db)
    .where(and(where, cursor ? after(cursor) : undefined))
    .orderBy(asc(queuePosition), asc(reviewAssignments.id))
    .limit(limit);
}

/** The assignments with these ids, with the names they show, in the order of `ids` (unknown ids left out). */
export async function findAssignments(db: Database, ids: string[]): Promise<AssignmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectAssignments(db).where(inArray(reviewAssignments.id, ids));
  const byId = new Map(rows.map((row) => [row.assignment.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One assignment with the names it shows; undefined when there is none with this id. */
export async function findAssignment(db: Database, id: string): Promise<AssignmentRow | undefined> {
  const [row] = await findAssignments(db, [id]);
  return row;
}

/** The conversations among `ids`, with their campaign and agent; unknown ids are left out. */
export function findConversationsToAssign(db: Database, ids: string[]) {
  return db
    .select({ id: conversations.id, campaignId: conversations.campaignId, agentId: conversations.agentId })
    .from(conversations)
    .where(inArray(conversations.id, ids));
}

/**
 * Gives each conversation to the reviewer by hand, unless a pending assignment already gives it to them; answers
 * the ids of the assignments, new or already there, in the order of `conversationIds`.
 */
export async function assignByHand(
  db: Database,
  assignment: { campaignId: string; conversationIds: string[]; reviewerId: string; dueAt: Date | null },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ id: reviewAssignments.id, conversationId: reviewAssignments.conversationId })
      .from(reviewAssignments)
      .where(
        and(
          inArray(reviewAssignments.conversationId, assignment.conversationIds),
          eq(reviewAssignments.reviewerId, assignment.reviewerId),
          eq(reviewAssignments.status, 'pending'),
        ),
      );
    const existing = new Map(pending.map((row) => [row.conversationId, row.id]));
    const created = assignment.conversationIds
      .filter((conversationId) => !existing.has(conversationId))
      .map((conversationId) => ({
        id: newId(),
        campaignId: assignment.campaignId,
        conversationId,
        reviewerId: assignment.reviewerId,
        status: 'pending' as const,
        dueAt: assignment.dueAt,
      }));
    if (created.length > 0) await tx.insert(reviewAssignments).values(created);
    const ids = new Map([...existing, ...created.map((row) => [row.conversationId, row.id] as const)]);
    return assignment.conversationIds.map((conversationId) => ids.get(conversationId) ?? '');
  });
}

/** Changes a pending assignment; false when it is no longer pending. */
export async function changePendingAssignment(
  db: Database,
  id: string,
  changes: { reviewerId?: string; dueAt?: Date | null; status?: 'skipped'; skipReason?: string | null },
): Promise<boolean> {
  const changed = await db
    .update(reviewAssignments)
    .set({
      ...(changes.reviewerId === undefined ? {} : { reviewerId: changes.reviewerId }),
      ...(changes.dueAt === undefined ? {} : { dueAt: changes.dueAt }),
      ...(changes.status === undefined
        ? {}
        : { status: changes.status, skipReason: changes.skipReason ?? null }),
    })
    .where(and(eq(reviewAssignments.id, id), eq(reviewAssignments.status, 'pending')))
    .returning({ id: reviewAssignments.id });
  return changed.length > 0;
}

/**
 * Gives the pending assignments `ids` to another reviewer, all or none: false (nothing changed) when one of them is
 * no longer pending.
 */
export async function reassignPending(db: Database, ids: string[], reviewerId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ id: reviewAssignments.id })
      .from(reviewAssignments)
      .where(and(inArray(reviewAssignments.id, ids), eq(reviewAssignments.status, 'pending')))
      .for('update');
    if (pending.length < ids.length) return false;
    await tx.update(reviewAssignments).set({ reviewerId }).where(inArray(reviewAssignments.id, ids));
    return true;
  });
}
