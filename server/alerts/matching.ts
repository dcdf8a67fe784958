// Matching a conversation's evaluation against its campaign's alerts, inside the transaction that wrote it: an
// alert that starts matching notifies each of its recipients who reads the conversation (`ALERT`, pushed live
// when the transaction commits); one that stops matching forgets the match, so a later match notifies again.
// Evaluations call it with what they wrote; alerts know nothing of how an evaluation is stored.
import type { Database } from '../db/client';
import { alertMatches as matchesAlert, watchNames, type EvaluationScoresRead } from '../domain/alerts/watch';
import type { Grid } from '../domain/evaluation/grid';
import type { ConversationAudience } from '../live/audience';
import type { LiveHub } from '../live/hub';
import { createNotification } from '../notifications/store';
import {
  findMatchedAlertIds,
  forgetMatches,
  listEnabledAlerts,
  recordMatch,
  type AlertRecord,
} from './store';

/** A finished evaluation: the grid version it was made with, and its scores and answers. */
export interface FinishedEvaluation {
  grid: Grid;
  scores: EvaluationScoresRead;
}

/** Notifies the alert's recipients who read the conversation now (an agent only of their own conversations). */
async function notifyRecipients(
  db: Database,
  hub: LiveHub,
  alert: AlertRecord,
  { audience, grid }: { audience: ConversationAudience; grid: Grid },
) {
  const readers = new Set(audience.userIds);
  const names = watchNames(alert.detail, grid);
  for (const recipientId of alert.recipients) {
    if (!readers.has(recipientId)) continue;
    await createNotification(db, hub, {
      type: 'ALERT',
      userId: recipientId,
      conversationId: audience.conversationId,
      alertDetail: {
        type: alert.detail.type,
        operator: alert.detail.operator,
        score: alert.detail.score,
        ...names,
      },
    });
  }
}

/**
 * Matches the conversation's finished evaluation against its campaign's enabled alerts, in `tx` (the transaction
 * that wrote the evaluation), telling the recipients among the conversation's audience. Test conversations never
 * alert.
 */
export async function matchAlerts(
  tx: Database,
  hub: LiveHub,
  audience: ConversationAudience,
  { grid, scores }: FinishedEvaluation,
) {
  if (audience.isTest) return;
  const { conversationId } = audience;
  const enabled = await listEnabledAlerts(tx, audience.campaignId);
  if (enabled.length === 0) return;
  const matched = await findMatchedAlertIds(
    tx,
    conversationId,
    enabled.map((alert) => alert.id),
  );
  const stopped: string[] = [];
  for (const alert of enabled) {
    const matches = matchesAlert(alert.detail, grid, scores);
    if (!matches) {
      if (matched.has(alert.id)) stopped.push(alert.id);
      continue;
    }
    if (matched.has(alert.id)) continue;
    if (await recordMatch(tx, alert.id, conversationId))
      await notifyRecipients(tx, hub, alert, { audience, grid });
  }
  await forgetMatches(tx, conversationId, stopped);
}
