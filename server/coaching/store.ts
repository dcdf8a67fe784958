// Coaching plans' SQL: listing and reading plans, writing them with their focus items, their examples, and the names
// a plan shows (people, grid items).
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { CoachingFocusItemInput, CoachingStatus } from '../../contract/coaching';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import {
  campaigns,
  coachingExamples,
  coachingFocusItems,
  coachingPlans,
  conversations,
  evaluationGrids,
  evaluationGridVersions,
  evaluations,
  users,
} from '../db/schema';
import { NotFound } from '../errors';

export type PlanRecord = typeof coachingPlans.$inferSelect;
export type FocusItemRecord = typeof coachingFocusItems.$inferSelect;

export interface PlanFilter {
  /** Null for every organisation (an admin's list). */
  organisationId: string | null;
  agentId?: string | undefined;
  status?: CoachingStatus | undefined;
}

/** The plans matching the filter, open ones first, newest first. */
export function listPlans(db: Database, filter: PlanFilter): Promise<PlanRecord[]> {
  const conditions: (SQL | undefined)[] = [
    filter.organisationId === null ? undefined : eq(coachingPlans.organisationId, filter.organisationId),
    filter.agentId === undefined ? undefined : eq(coachingPlans.agentId, filter.agentId),
    filter.status === undefined ? undefined : eq(coachingPlans.status, filter.status),
  ];
  return db
    .select()
    .from(coachingPlans)
    .where(and(...conditions))
    .orderBy(desc(coachingPlans.status), desc(coachingPlans.createdAt), asc(coachingPlans.id))
    .limit(500);
}

export async function findPlan(db: Database, id: string): Promise<PlanRecord> {
  const [row] = await db.select().from(coachingPlans).where(eq(coachingPlans.id, id));
  if (!row) throw new NotFound('Coaching plan');
  return row;
}

/** The user a plan may be written for, as the access rules need them; undefined when unknown. */
export async function findUser(db: Database, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function insertPlan(
  db: Database,
  plan: Pick<PlanRecord, 'organisationId' | 'agentId' | 'createdBy' | 'title' | 'notes' | 'startedAt'>,
): Promise<PlanRecord> {
  const [row] = await db
    .insert(coachingPlans)
    .values({ id: newId(), ...plan })
    .returning();
  if (!row) throw new Error('The coaching plan was not stored');
  return row;
}

export async function updatePlan(
  db: Database,
  id: string,
  changes: Partial<Pick<PlanRecord, 'title' | 'status' | 'notes' | 'startedAt' | 'acknowledgedAt'>>,
): Promise<PlanRecord> {
  const [row] = await db
    .update(coachingPlans)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(coachingPlans.id, id))
    .returning();
  if (!row) throw new NotFound('Coaching plan');
  return row;
}

/** Records the agent's acknowledgement now, unless already acknowledged (the first time is kept). */
export async function acknowledgePlan(db: Database, plan: PlanRecord): Promise<PlanRecord> {
  if (plan.acknowledgedAt) return plan;
  return updatePlan(db, plan.id, { acknowledgedAt: new Date() });
}

export async function deletePlan(db: Database, id: string) {
  await db.delete(coachingPlans).where(eq(coachingPlans.id, id));
}

/** Replaces the plan's focus items by these, in this order. */
export async function replaceFocusItems(
  db: Database,
  planId: string,
  items: readonly CoachingFocusItemInput[],
) {
  await db.delete(coachingFocusItems).where(eq(coachingFocusItems.planId, planId));
  if (items.length === 0) return;
  await db.insert(coachingFocusItems).values(
    items.map((item, position) => ({
      planId,
      campaignId: item.campaign_id,
      itemId: item.item_id,
      position,
      targetScore: item.target_score,
      dueDate: item.due_date,
    })),
  );
}

export function listFocusItems(db: Database, planIds: readonly string[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select({ focus: coachingFocusItems, campaignName: campaigns.name })
    .from(coachingFocusItems)
    .innerJoin(campaigns, eq(campaigns.id, coachingFocusItems.campaignId))
    .where(inArray(coachingFocusItems.planId, [...planIds]))
    .orderBy(asc(coachingFocusItems.position));
}

/** The plans' examples with what a list of them shows of each conversation, oldest attached first. */
export function listExamples(db: Database, planIds: readonly string[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      planId: coachingExamples.planId,
      conversationId: coachingExamples.conversationId,
      note: coachingExamples.note,
      campaignName: campaigns.name,
      type: conversations.type,
      startedAt: conversations.startedAt,
      mainScore: evaluations.mainScore,
    })
    .from(coachingExamples)
    .innerJoin(conversations, eq(conversations.id, coachingExamples.conversationId))
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(inArray(coachingExamples.planId, [...planIds]))
    .orderBy(asc(coachingExamples.createdAt), asc(coachingExamples.conversationId));
}

/** Attaches the conversation with the note, or changes the note of an attached one. */
export async function putExample(db: Database, planId: string, conversationId: string, note: string) {
  await db
    .insert(coachingExamples)
    .values({ planId, conversationId, note })
    .onConflictDoUpdate({
      target: [coachingExamples.planId, coachingExamples.conversationId],
      set: { note },
    });
}

/** Detaches the conversation; false when it was not attached. */
export async function deleteExample(db: Database, planId: string, conversationId: string) {
  const deleted = await db
    .delete(coachingExamples)
    .where(and(eq(coachingExamples.planId, planId), eq(coachingExamples.conversationId, conversationId)))
    .returning({ planId: coachingExamples.planId });
  return deleted.length > 0;
}

/** The names of the users with these ids, by id (a user who is gone has none). */
export async function listUserNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The grid items of the campaigns, by `campaignId/itemId`, in one query: each item's name and section as the newest
 * version of the campaign's grids that holds it has them.
 */
export async function listGridItems(db: Database, campaignIds: readonly string[]) {
  const items = new Map<string, { name: string; section_name: string }>();
  if (campaignIds.length === 0) return items;
  const versions = await db
    .select({ campaignId: evaluationGrids.campaignId, content: evaluationGridVersions.content })
    .from(evaluationGridVersions)
    .innerJoin(evaluationGrids, eq(evaluationGrids.id, evaluationGridVersions.gridId))
    .where(inArray(evaluationGrids.campaignId, [...new Set(campaignIds)]))
    .orderBy(desc(evaluationGridVersions.version), desc(evaluationGridVersions.createdAt));
  for (const { campaignId, content } of versions)
    for (const section of content.sections)
      for (const item of section.items) {
        const key = `${campaignId}/${item.id}`;
        if (!items.has(key)) items.set(key, { name: item.name, section_name: section.name });
      }
  return items;
}
