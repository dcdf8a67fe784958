// Matching a conversation's evaluation against its campaign's alerts, inside the transaction that wrote it: an
// alert that starts matching notifies each of its recipients who reads the conversation (`ALERT`, pushed live
// when the transaction commits); one that stops matching forgets the match, so a later match notifies again.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { campaigns, conversations, evaluationGridVersions, evaluations } from '../db/schema';
import { alertMatches as matchesAlert, watchNames } from '../domain/alerts/watch';
import { canReadConversation } from '../domain/access/conversations';
import type { LiveHub } from '../live/hub';
import { createNotification } from '../notifications/store';
import { toDomainGrid } from '../evaluations/grid';
import {
  findMatchedAlertIds,
  findRecipients,
  forgetMatches,
  listEnabledAlerts,
  recordMatch,
  type AlertRecord,
} from './store';

/** The conversation with its done evaluation and the grid version it was made with; null otherwise. */
async function findEvaluated(db: Database, conversationId: string) {
  const [row] = await db
    .select({
      conversation: {
        id: conversations.id,
        campaignId: conversations.campaignId,
        agentId: conversations.agentId,
        isTest: conversations.isTest,
        organisationId: campaigns.organisationId,
      },
      evaluation: evaluations,
      content: evaluationGridVersions.content,
    })
    .from(evaluations)
    .innerJoin(conversations, eq(conversations.id, evaluations.conversationId))
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .innerJoin(
      evaluationGridVersions,
      and(
        eq(evaluationGridVersions.gridId, evaluations.gridId),
        eq(evaluationGridVersions.version, evaluations.gridVersion),
      ),
    )
    .where(and(eq(evaluations.conversationId, conversationId), eq(evaluations.status, 'done')));
  return row ?? null;
}

type Evaluated = NonNullable<Awaited<ReturnType<typeof findEvaluated>>>;

/** Notifies the alert's recipients who read the conversation now (an agent only of their own conversations). */
async function notifyRecipients(db: Database, hub: LiveHub, alert: AlertRecord, evaluated: Evaluated) {
  const { conversation } = evaluated;
  const recipients = await findRecipients(db, conversation.campaignId, alert.recipients);
  const names = watchNames(alert.detail, toDomainGrid(evaluated.content));
  for (const recipient of recipients) {
    if (!canReadConversation(recipient, conversation, recipient.member !== null)) continue;
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
