// Alerts' rules beyond their shape: what they watch must be in the campaign's current grid (with the item's
// type), their recipients must read the campaign, and a grid version that drops what an alert watches turns the
// alert off with the reason.
import type { AlertChanges, AlertWatch, NewAlert } from '../../contract/alerts';
import type { EvaluationGridContent } from '../../contract/evaluation-grids';
import type { Database } from '../db/client';
import { watchProblems, type WatchProblem } from '../domain/alerts/watch';
import type { CampaignAccess } from '../domain/access/campaigns';
import type { Grid } from '../domain/evaluation/grid';
import { InvalidFields } from '../errors';
import { toDomainGrid } from '../domain/evaluation/stored-grid';
import { findCurrentGrid } from '../evaluation-grids/store';
import { findCampaignReaders } from '../live/audience';
import { forgetAlertMatches, insertAlert, listEnabledAlerts, updateAlert, type AlertRecord } from './store';

const emptyGrid: Grid = { sections: [], additional_scores: [] };

async function currentGrid(db: Database, campaignId: string): Promise<Grid> {
  const grid = await findCurrentGrid(db, campaignId);
  return grid ? toDomainGrid(grid.content) : emptyGrid;
}

/** The recipients (deduplicated, in the order given) that do not read the campaign, as field problems. */
async function recipientProblems(
  db: Database,
  campaign: CampaignAccess & { id: string },
  recipients: readonly string[],
): Promise<WatchProblem[]> {
  const readers = await findCampaignReaders(db, campaign);
  return recipients.flatMap((id, index) =>
    readers.has(id)
      ? []
      : [{ path: `recipients.${index}`, message: `The user ${id} cannot read this campaign` }],
  );
}

/** 400 with every field at fault: the watch against the campaign's current grid, and the recipients. */
async function assertFits(
  db: Database,
  campaign: CampaignAccess & { id: string },
  alert: { detail?: AlertWatch | undefined; recipients?: readonly string[] | undefined },
) {
  const problems = [
    ...(alert.detail ? watchProblems(alert.detail, await currentGrid(db, campaign.id)) : []),
    ...(alert.recipients ? await recipientProblems(db, campaign, alert.recipients) : []),
  ];
  if (problems.length > 0) throw new InvalidFields('The alert does not fit its campaign', problems);
}

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

export async function createAlert(
  db: Database,
  campaign: CampaignAccess & { id: string },
  input: NewAlert,
  userId: string,
): Promise<AlertRecord> {
  const recipients = unique(input.recipients);
  await assertFits(db, campaign, { detail: input.detail, recipients });
  return insertAlert(db, {
    campaignId: campaign.id,
    name: input.name,
    enabled: input.enabled,
    detail: input.detail,
    recipients,
    createdBy: userId,
  });
}

/**
 * Applies the changes. Turning the alert on (or changing what it watches) checks the watch against the current
 * grid again, so an alert the server turned off comes back only once it watches something there; it then loses
 * its `disabled_reason`. Turning it off or changing the watch forgets its matches: the next match notifies.
 */
export function changeAlert(
  db: Database,
  campaign: CampaignAccess & { id: string },
  alert: AlertRecord,
  changes: AlertChanges,
): Promise<AlertRecord> {
  return db.transaction(async (tx) => {
    const detail = changes.detail ?? alert.detail;
    const enabled = changes.enabled ?? alert.enabled;
    const recipients = changes.recipients && unique(changes.recipients);
    const checkWatch = changes.detail !== undefined || (enabled && !alert.enabled);
    await assertFits(tx, campaign, { detail: checkWatch ? detail : undefined, recipients });
    if (changes.detail !== undefined || !enabled) await forgetAlertMatches(tx, [alert.id]);
    return updateAlert(tx, alert.id, {
      name: changes.name,
      enabled,
      detail,
      recipients,
      disabledReason: enabled || changes.enabled === false ? null : alert.disabledReason,
    });
  });
}

/**
 * After a grid version is published (in its transaction): the campaign's enabled alerts watching something the
 * version no longer has (or an item now of another type) are turned off, with the reason, and their matches
 * forgotten. Returns their ids.
 */
export async function disableAlertsLeftBehind(
  tx: Database,
  campaignId: string,
  content: EvaluationGridContent,
): Promise<string[]> {
  const grid = toDomainGrid(content);
  const orphans = (await listEnabledAlerts(tx, campaignId)).filter(
    (alert) => watchProblems(alert.detail, grid).length > 0,
  );
  for (const alert of orphans) {
    await updateAlert(tx, alert.id, { enabled: false, disabledReason: 'grid_element_removed' });
  }
  await forgetAlertMatches(
    tx,
    orphans.map((alert) => alert.id),
  );
  return orphans.map((alert) => alert.id);
}
