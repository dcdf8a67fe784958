// Matching a conversation's evaluation against its campaign's alerts, inside the transaction that wrote it: an
// alert that starts matching notifies each of its recipients who reads the conversation (`ALERT`, pushed live
// when the transaction commits); one that stops matching forgets the match, so a later match notifies again.
import type { Database } from '../db/client';
import { alertMatches as matchesAlert, watchNames } from '../domain/alerts/watch';
import { canReadConversation } from '../domain/access/conversations';
import { toDomainGrid } from '../evaluations/grid';
import { lockEvaluation } from '../evaluations/item-updates-store';
import { findCampaignAudience, findConversationAccess } from '../jobs/store';
import type { LiveHub } from '../live/hub';
import { createNotification } from '../notifications/store';
import {
  findMatchedAlertIds,
  forgetMatches,
  listEnabledAlerts,
  recordMatch,
  type AlertRecord,
} from './store';

/** The conversation with its done evaluation and the grid version it was made with; null otherwise. */
async function findEvaluated(db: Database, conversationId: string) {
  const conversation = await findConversationAccess(db, conversationId);
  const evaluated = await lockEvaluation(db, conversationId);
  if (!conversation || evaluated?.evaluation.status !== 'done') return null;
  return { conversation: { id: conversationId, ...conversation }, ...evaluated };
}

type Evaluated = NonNullable<Awaited<ReturnType<typeof findEvaluated>>>;

/** Notifies the alert's recipients who read the conversation now (an agent only of their own conversations). */
async function notifyRecipients(db: Database, hub: LiveHub, alert: AlertRecord, evaluated: Evaluated) {
  const { conversation } = evaluated;
  const audience = new Map(
    (await findCampaignAudience(db, conversation.campaignId)).map((user) => [user.id, user]),
  );
  const names = watchNames(alert.detail, toDomainGrid(evaluated.content));
  for (const recipientId of alert.recipients) {
    const recipient = audience.get(recipientId);
    if (!recipient || !canReadConversation(recipient, conversation, recipient.isMember)) continue;
    await createNotification(db, hub, {
      type: 'ALERT',
      userId: recipient.id,
      conversationId: conversation.id,
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
 * that wrote the evaluation). Test conversations never alert; nothing happens without a finished evaluation.
 */
export async function matchAlerts(tx: Database, hub: LiveHub, conversationId: string) {
  const evaluated = await findEvaluated(tx, conversationId);
  if (!evaluated || evaluated.conversation.isTest) return;
  const enabled = await listEnabledAlerts(tx, evaluated.conversation.campaignId);
  if (enabled.length === 0) return;
  const grid = toDomainGrid(evaluated.content);
  const { evaluation } = evaluated;
  const scores = {
    main_score: evaluation.mainScore,
    section_scores: evaluation.sectionScores,
    additional_scores: evaluation.additionalScores,
    items: evaluation.items,
  };
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
    if (await recordMatch(tx, alert.id, conversationId)) await notifyRecipients(tx, hub, alert, evaluated);
  }
  await forgetMatches(tx, conversationId, stopped);
}
