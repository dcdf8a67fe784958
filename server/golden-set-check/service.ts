// The golden-set check: a draft of the grid and its current version both run by the rules engine on the
// campaign's validated conversations (at most `goldenSetConversationLimit`, the most recently validated), each
// item's answers compared with the final ones people validated, and how many of them each would auto-fail. Nothing
// is stored.
import type { PublishEvaluationGrid } from '../../contract/evaluation-grids';
import {
  goldenSetConversationLimit,
  type GoldenSetAgreement,
  type GoldenSetCheck,
} from '../../contract/golden-set-check';
import type { Database } from '../db/client';
import { rulesAgreement, type ItemAgreement, type SettledConversation } from '../domain/evaluation/agreement';
import { autoFailedCount } from '../domain/evaluation/auto-fails';
import { toDomainGrid } from '../domain/evaluation/stored-grid';
import { countValidatedEvaluations, findValidatedEvaluations } from './store';
import { draftContent } from '../evaluation-grids/service';
import { findGridVersion, type GridRecord } from '../evaluation-grids/store';

const toAgreement = ({ compared, agreed, notEvaluated }: ItemAgreement): GoldenSetAgreement => ({
  compared,
  agreed,
  rate: compared === 0 ? null : agreed / compared,
  not_evaluated_reason: notEvaluated,
});

/** Every item the rules evaluate, added up. */
function totalOf(tally: Map<string, ItemAgreement>): GoldenSetAgreement {
  let compared = 0;
  let agreed = 0;
  for (const counts of tally.values()) {
    if (counts.notEvaluated) continue;
    compared += counts.compared;
    agreed += counts.agreed;
  }
  return toAgreement({ compared, agreed, notEvaluated: null });
}

export async function checkGoldenSet(
  db: Database,
  grid: GridRecord,
  input: PublishEvaluationGrid,
): Promise<GoldenSetCheck> {
  const draft = await draftContent(db, grid.id, input);
  const current = grid.version > 0 ? (await findGridVersion(db, grid.id, grid.version)).content : null;
  const [total, rows] = await Promise.all([
    countValidatedEvaluations(db, grid.campaignId),
    findValidatedEvaluations(db, grid.campaignId, goldenSetConversationLimit),
  ]);
  const settled: SettledConversation[] = rows.map((row) => ({
    turns: row.turns,
    finalAnswers: new Map(
      row.items.flatMap((item) => (item.value === null ? [] : [[item.item_id, item.value]])),
    ),
  }));
  const draftGrid = toDomainGrid(draft.content);
  const currentGrid = current ? toDomainGrid(current) : null;
  const draftTally = rulesAgreement(draftGrid, settled);
  const currentTally = currentGrid ? rulesAgreement(currentGrid, settled) : null;
  return {
    validated_conversations: total,
    conversations_checked: rows.length,
    limit: goldenSetConversationLimit,
    current_version: current ? grid.version : null,
    items: draft.content.sections.flatMap((section) =>
      section.items.map((item) => {
        const inCurrent = currentTally?.get(item.id);
        const inDraft = draftTally.get(item.id);
        if (!inDraft) throw new Error(`The draft's item ${item.id} was not evaluated`);
        return {
          item_id: draft.isNew(item.id) ? null : item.id,
          section_name: section.name,
          name: item.name,
          type: item.type,
          draft: toAgreement(inDraft),
          current: inCurrent ? toAgreement(inCurrent) : null,
        };
      }),
    ),
    totals: { draft: totalOf(draftTally), current: currentTally ? totalOf(currentTally) : null },
    auto_failed: {
      draft: autoFailedCount(draftGrid, settled),
      current: currentGrid ? autoFailedCount(currentGrid, settled) : null,
    },
  };
}
