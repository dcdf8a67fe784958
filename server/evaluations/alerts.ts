// An evaluation's alerts: once an evaluation is written, by its job or by a person's change, the campaign's
// alerts are matched against it in the same transaction. Evaluations call alert matching; alerts never read
// evaluations.
import type { EvaluationGridContent } from '../../contract/evaluation-grids';
import { matchAlerts } from '../alerts/matching';
import type { Database } from '../db/client';
import { toDomainGrid } from '../domain/evaluation/stored-grid';
import type { ConversationAudience } from '../live/audience';
import type { LiveHub } from '../live/hub';
import { lockEvaluation } from './item-updates-store';
import type { EvaluationRecord } from './store';

/** Matches the evaluation, when finished, against the campaign's alerts, telling recipients among `audience`. */
export async function matchEvaluationAlerts(
  tx: Database,
  hub: LiveHub,
  audience: ConversationAudience,
  { evaluation, content }: { evaluation: EvaluationRecord; content: EvaluationGridContent },
): Promise<void> {
  if (evaluation.status !== 'done') return;
  await matchAlerts(tx, hub, audience, {
    grid: toDomainGrid(content),
    scores: {
      main_score: evaluation.mainScore,
      section_scores: evaluation.sectionScores,
      additional_scores: evaluation.additionalScores,
      items: evaluation.items,
    },
  });
}

/** The evaluation the transaction has just written, read back under lock, against the campaign's alerts. */
export async function matchAlertsOfWrittenEvaluation(
  tx: Database,
  hub: LiveHub,
  audience: ConversationAudience,
): Promise<void> {
  const written = await lockEvaluation(tx, audience.conversationId);
  if (written) await matchEvaluationAlerts(tx, hub, audience, written);
}
