// People's changes to a finished evaluation: an answer that replaces the engine's (scores computed again) and an
// item's comment, each recorded in the item's history and matched against the campaign's alerts; the
// conversation's readers are told it changed. Its audience is found once, for the alerts and the message.
import { isDeepStrictEqual } from 'node:util';
import type { EvaluationItemAnswer, EvaluationItemResult } from '../../contract/evaluations';
import { appendAuditEntry, type AuditSource } from '../audit-log/store';
import type { Database } from '../db/client';
import { gridItems } from '../domain/evaluation/grid';
import { valueFits } from '../domain/evaluation/item-score';
import { Conflict, Invalid, NotFound } from '../errors';
import { findConversationAudience } from '../live/audience';
import { publishConversationStatus } from '../live/conversation-status';
import type { LiveHub } from '../live/hub';
import { matchEvaluationAlerts } from './alerts';
import { toDomainGrid } from '../domain/evaluation/stored-grid';
import { lockEvaluation, recordItemUpdate, saveChangedItems } from './item-updates-store';
import { evaluationResult } from './result';
import type { EvaluationRecord } from './store';

/** The item a person changes, who they are, and the audit entry's source and organisation. */
export interface ChangeTarget {
  conversationId: string;
  itemId: string;
  userId: string;
  audit: { source: AuditSource; organisationId: string };
}

const unanswered = (itemId: string): EvaluationItemResult => ({
  item_id: itemId,
  value: null,
  score: null,
  justification: null,
  evidence: [],
  source: 'ai',
  comment: null,
  not_evaluated_reason: null,
  rule_reason: null,
  needs_review: false,
  failure_detail: null,
});

/**
 * Changes one item of the conversation's finished evaluation with `change` (given the item's grid entry and its
 * current result), then scores, saves and records it: 404 without an evaluation or for an item not in its grid
 * version, 409 unless the evaluation is done. The campaign's alerts are matched, and the conversation's readers
 * told of the change, in the same transaction.
 */
async function changeItem(
  db: Database,
  hub: LiveHub,
  target: ChangeTarget,
  change: (
    item: ReturnType<typeof gridItems>[number],
    current: EvaluationItemResult,
  ) => { result: EvaluationItemResult; comment: string | null },
): Promise<EvaluationRecord> {
  return db.transaction(async (tx) => {
    const row = await lockEvaluation(tx, target.conversationId);
    if (!row) throw new NotFound('Evaluation');
    if (row.evaluation.status !== 'done') throw new Conflict('Only a finished evaluation can be changed');
    const grid = toDomainGrid(row.content);
    const item = gridItems(grid).find((candidate) => candidate.id === target.itemId);
    if (!item) throw new NotFound('Evaluation item');
    const current =
      row.evaluation.items.find((result) => result.item_id === target.itemId) ?? unanswered(target.itemId);
    const { result, comment } = change(item, current);
    const others = row.evaluation.items.filter((other) => other.item_id !== target.itemId);
    const { items, scores } = evaluationResult(grid, [], [...others, result]);
    const answerChanged = !isDeepStrictEqual(current.value, result.value);
    // The first human answer since the engine ran the item keeps the engine's, for the validation statistics.
    const engineValues =
      current.source === 'ai' && result.source === 'human'
        ? { ...row.evaluation.engineValues, [target.itemId]: current.value }
        : row.evaluation.engineValues;
    const saved = await saveChangedItems(tx, target.conversationId, {
      items,
      scores,
      engineValues,
      clearValidation: answerChanged,
    });
    await recordItemUpdate(tx, {
      evaluation: saved,
      itemId: target.itemId,
      before: current.value,
      after: result.value,
      comment,
      userId: target.userId,
    });
    await appendAuditEntry(tx, target.audit.source, {
      organisationId: target.audit.organisationId,
      action: 'evaluation.answer_changed',
      target: { type: 'conversation', id: target.conversationId },
      details: {
        item_id: target.itemId,
        before: current.value,
        after: result.value,
        comment_before: current.comment,
        comment_after: comment,
      },
    });
    const audience = await findConversationAudience(tx, target.conversationId);
    if (audience) {
      await matchEvaluationAlerts(tx, hub, audience, { evaluation: saved, content: row.content });
      await publishConversationStatus(tx, hub, audience, null);
    }
    return saved;
  });
}

/**
 * A person's answer to the item: it becomes the item's (`source: human`), with the comment given or the one the
 * item had. 400 when `item_type` is not the item's type or the answer does not fit the item.
 */
export function answerItem(
  db: Database,
  hub: LiveHub,
  target: ChangeTarget,
  answer: EvaluationItemAnswer,
): Promise<EvaluationRecord> {
  return changeItem(db, hub, target, (item, current) => {
    if (item.type !== answer.item_type)
      throw new Invalid(`The item is a ${item.type}, not a ${answer.item_type}`);
    const { value } = answer.evaluation_item;
    if (!valueFits(item, value))
      throw new Invalid(`${JSON.stringify(value)} is not an answer to the ${item.type} "${item.name}"`);
    const comment = answer.comment === undefined ? current.comment : answer.comment;
    return {
      result: {
        ...current,
        value,
        source: 'human',
        comment,
        not_evaluated_reason: null,
        needs_review: false,
        failure_detail: null,
      },
      comment,
    };
  });
}

/** Sets (or, with null, removes) the item's comment; its answer and the scores stay. */
export function commentItem(
  db: Database,
  hub: LiveHub,
  target: ChangeTarget,
  comment: string | null,
): Promise<EvaluationRecord> {
  return changeItem(db, hub, target, (_item, current) => ({ result: { ...current, comment }, comment }));
}
