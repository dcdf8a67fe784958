// Alerts' SQL: a campaign's alerts, those the viewer reads, one alert, writing and deleting them, the match state
// that keeps a match from notifying twice, and which recipients still have an account.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AlertWatch } from '../../contract/alerts';
import { readableCampaignIds } from '../campaigns/store';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alertMatches, alerts, users } from '../db/schema';
import type { AccessUser } from '../domain/access/principal';
import { NotFound } from '../errors';

export type AlertRecord = typeof alerts.$inferSelect;

export function listCampaignAlerts(db: Database, campaignId: string): Promise<AlertRecord[]> {
  return db.select().from(alerts).where(eq(alerts.campaignId, campaignId)).orderBy(asc(alerts.id));
}

/** Every alert of the campaigns the viewer reads (see `readableCampaignIds`). */
export function listReadableAlerts(db: Database, viewer: AccessUser): Promise<AlertRecord[]> {
  return db
    .select()
    .from(alerts)
    .where(inArray(alerts.campaignId, readableCampaignIds(db, viewer)))
    .orderBy(asc(alerts.id));
}

/** The campaign's alerts that are on, for matching an evaluation. */
export function listEnabledAlerts(db: Database, campaignId: string): Promise<AlertRecord[]> {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.campaignId, campaignId), eq(alerts.enabled, true)));
}

export async function findAlert(db: Database, id: string): Promise<AlertRecord> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
  if (!row) throw new NotFound('Alert');
  return row;
}

export async function insertAlert(
  db: Database,
  alert: {
    campaignId: string;
    name: string;
    enabled: boolean;
    detail: AlertWatch;
    recipients: string[];
    createdBy: string;
  },
): Promise<AlertRecord> {
  const [row] = await db
    .insert(alerts)
    .values({ id: newId(), ...alert })
    .returning();
  if (!row) throw new Error('The alert was not stored');
  return row;
}

export async function updateAlert(
  db: Database,
  id: string,
  changes: Partial<Pick<AlertRecord, 'name' | 'enabled' | 'disabledReason' | 'detail' | 'recipients'>>,
): Promise<AlertRecord> {
  const [row] = await db
    .update(alerts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(alerts.id, id))
    .returning();
  if (!row) throw new NotFound('Alert');
  return row;
}

export async function deleteAlert(db: Database, id: string) {
  await db.delete(alerts).where(eq(alerts.id, id));
}

/** The alerts (of `alertIds`) the conversation matched when last evaluated. */
export async function findMatchedAlertIds(
  db: Database,
  conversationId: string,
  alertIds: readonly string[],
): Promise<Set<string>> {
  if (alertIds.length === 0) return new Set();
  const rows = await db
    .select({ alertId: alertMatches.alertId })
    .from(alertMatches)
    .where(
      and(eq(alertMatches.conversationId, conversationId), inArray(alertMatches.alertId, [...alertIds])),
    );
  return new Set(rows.map((row) => row.alertId));
}

/**
 * Records that the conversation now matches the alert; false when it already did (another transaction got there
 * first), so the caller notifies only once.
 */
export async function recordMatch(db: Database, alertId: string, conversationId: string): Promise<boolean> {
  const inserted = await db
    .insert(alertMatches)
    .values({ alertId, conversationId })
    .onConflictDoNothing()
    .returning({ alertId: alertMatches.alertId });
  return inserted.length > 0;
}

/** Forgets the conversation's matches of these alerts: they stopped matching. */
export async function forgetMatches(db: Database, conversationId: string, alertIds: readonly string[]) {
  if (alertIds.length === 0) return;
  await db
    .delete(alertMatches)
    .where(
      and(eq(alertMatches.conversationId, conversationId), inArray(alertMatches.alertId, [...alertIds])),
    );
}

/** Forgets every match of these alerts (turned off, or watching something else now). */
export async function forgetAlertMatches(db: Database, alertIds: readonly string[]) {
  if (alertIds.length === 0) return;
  await db.delete(alertMatches).where(inArray(alertMatches.alertId, [...alertIds]));
}

/** The ids among `ids` whose user still exists (a recipient whose account is gone is left out of the alert). */
export async function existingUserIds(db: Database, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Set(rows.map((user) => user.id));
}
