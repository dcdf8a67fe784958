// Turns alert rows into the API's alert shape, leaving out recipients whose account is gone.
import type { Alert } from '../../contract/alerts';
import type { Database } from '../db/client';
import { toUnixSeconds } from '../db/time';
import { existingUserIds, type AlertRecord } from './store';

/** The API's shapes for the alerts, recipients whose account is gone left out. */
export async function toAlerts(db: Database, rows: readonly AlertRecord[]): Promise<Alert[]> {
  const existing = await existingUserIds(db, [...new Set(rows.flatMap((row) => row.recipients))]);
  return rows.map((row) => ({
    id: row.id,
    campaign_id: row.campaignId,
    name: row.name,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    detail: row.detail,
    recipients: row.recipients.filter((id) => existing.has(id)),
    created_at: toUnixSeconds(row.createdAt),
    updated_at: toUnixSeconds(row.updatedAt),
  }));
}
