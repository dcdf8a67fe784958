// Notifications' SQL: reading a user's list, marking one read, creating one and counting conversations given to
// review into one (either pushes it live).
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AlertDetail } from '../../contract/enums';
import type { Notification } from '../../contract/notifications';
import type { Database } from '../db/client';
import { holdTransactionLock } from '../db/locks-store';
import { newId } from '../db/ids';
import { toPage } from '../db/lists';
import { campaigns, conversations, evaluations, notifications, users } from '../db/schema';
import type { LiveHub } from '../live/hub';
import { toNotification } from './present';

const mentionedBy = alias(users, 'mentioned_by');
const agent = alias(users, 'agent');

function selectNotifications(db: Database) {
  return db
    .select({
      id: notifications.id,
      type: notifications.type,
      read: notifications.read,
      createdAt: notifications.createdAt,
      conversationId: notifications.conversationId,
      campaignName: campaigns.name,
      conversationType: conversations.type,
      agentName: agent.name,
      mainScore: evaluations.mainScore,
      excerpt: notifications.excerpt,
      mentionedById: mentionedBy.id,
      mentionedByName: mentionedBy.name,
      alertDetail: notifications.alertDetail,
      assignmentCount: notifications.assignmentCount,
    })
    .from(notifications)
    .innerJoin(conversations, eq(conversations.id, notifications.conversationId))
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(mentionedBy, eq(mentionedBy.id, notifications.mentionedById))
    .leftJoin(agent, eq(agent.id, conversations.agentId))
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id));
}

export type NotificationRow = Awaited<ReturnType<typeof selectNotifications>>[number];

/** A user's notifications, newest first, one keyset page at a time. */
export async function listNotifications(
  db: Database,
  userId: string,
  { startAfter, limit }: { startAfter?: string | undefined; limit: number },
) {
  const rows = await selectNotifications(db)
    .where(and(eq(notifications.userId, userId), startAfter ? lt(notifications.id, startAfter) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit + 1);
  return toPage(rows, limit, toNotification);
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markNotificationRead(db: Database, userId: string, id: string): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export type NewNotification =
  | {
      type: 'MENTIONED_IN_CONVERSATION';
      userId: string;
      conversationId: string;
      mentionedById: string;
      /** The message's first words. */
      excerpt: string;
    }
  | { type: 'ALERT'; userId: string; conversationId: string; alertDetail: AlertDetail };

/** Stores a notification and pushes it to the user's open live channels. */
export async function createNotification(
  db: Database,
  hub: LiveHub,
  input: NewNotification,
): Promise<Notification> {
  const id = newId();
  await db.insert(notifications).values({
    id,
    userId: input.userId,
    type: input.type,
    conversationId: input.conversationId,
    mentionedById: input.type === 'MENTIONED_IN_CONVERSATION' ? input.mentionedById : null,
    excerpt: input.type === 'MENTIONED_IN_CONVERSATION' ? input.excerpt : null,
    alertDetail: input.type === 'ALERT' ? input.alertDetail : null,
  });
  return pushNotification(db, hub, input.userId, id);
}

/** Reads a stored notification back and pushes it to the user's open live channels. */
async function pushNotification(db: Database, hub: LiveHub, userId: string, id: string) {
  const [row] = await selectNotifications(db).where(eq(notifications.id, id));
  if (!row) throw new Error(`Notification ${id} vanished after it was written`);
  const notification = toNotification(row);
  await hub.publish(db, userId, { type: 'notification', notification });
  return notification;
}

/**
 * Tells a reviewer of conversations just given to them in a campaign: the count joins their unread REVIEWS_ASSIGNED
 * notification of the campaign (which keeps its place and time, those of its first batch), or starts one that leads to the first conversation given. So a
 * batch makes one notification at most, and conversations given one by one as they finish evaluation gather in one
 * until the reviewer reads it (decision 0205). Pushed live either way.
 */
export async function notifyReviewsAssigned(
  db: Database,
  hub: LiveHub,
  batch: { userId: string; campaignId: string; conversationIds: readonly string[] },
): Promise<Notification | null> {
  const [firstConversation] = batch.conversationIds;
  if (firstConversation === undefined) return null;
  // One writer at a time per reviewer, so that two batches at once never start two notifications.
  await holdTransactionLock(db, `reviews-assigned:${batch.userId}`);
  const ofCampaign = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.campaignId, batch.campaignId));
  const [joined] = await db
    .update(notifications)
    .set({ assignmentCount: sql`${notifications.assignmentCount} + ${batch.conversationIds.length}` })
    .where(
      and(
        eq(notifications.userId, batch.userId),
        eq(notifications.type, 'REVIEWS_ASSIGNED'),
        eq(notifications.read, false),
        inArray(notifications.conversationId, ofCampaign),
      ),
    )
    .returning({ id: notifications.id });
  const id = joined?.id ?? newId();
  if (!joined) {
    await db.insert(notifications).values({
      id,
      userId: batch.userId,
      type: 'REVIEWS_ASSIGNED',
      conversationId: firstConversation,
      assignmentCount: batch.conversationIds.length,
    });
  }
  return pushNotification(db, hub, batch.userId, id);
}
