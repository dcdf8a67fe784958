// How often a grid's rules give the answers people settled on: each item of the grid run by the rules engine on
// conversations whose final (validated) answers are known, and compared with them. An item the rules leave
// unanswered is not counted; neither is a final answer that does not fit the item as this grid has it (a level
// removed, `na` no longer allowed, sub-items changed).
import type { Grid, ItemValue } from './grid';
import { gridItems } from './grid';
import { valueFits } from './item-score';
import { compileGrid, evaluateByRules, type NotEvaluatedReason } from './rules-engine';
import type { RuleInputTurn } from './turns';

/** A conversation with its final answers, by item id (items without a final answer are left out). */
export interface SettledConversation {
  turns: readonly RuleInputTurn[];
  finalAnswers: ReadonlyMap<string, ItemValue>;
}

export interface ItemAgreement {
  /** Conversations with a final answer that fits the item. */
  compared: number;
  /** Of those, how many the rules answered the same. */
  agreed: number;
  /** Set when the rules leave the item unanswered; nothing is counted then. */
  notEvaluated: NotEvaluatedReason | null;
}

/** Two answers to one item are the same: equal values, or the same answer for every sub-item. */
function sameAnswer(a: ItemValue, b: ItemValue): boolean {
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Each item's agreement, by item id, for every item of the grid. */
export function rulesAgreement(
  grid: Grid,
  conversations: readonly SettledConversation[],
): Map<string, ItemAgreement> {
  const items = new Map(gridItems(grid).map((item) => [item.id, item]));
  const compiled = compileGrid(grid);
  // Whether the rules answer an item depends on the grid only, so it holds even with no conversation.
  const tally = new Map<string, ItemAgreement>(
    compiled.items.map((item) => [
      item.itemId,
      { compared: 0, agreed: 0, notEvaluated: item.kind === 'not_evaluated' ? item.reason : null },
    ]),
  );
  for (const conversation of conversations) {
    for (const result of evaluateByRules(compiled, conversation.turns)) {
      const counts = tally.get(result.item_id);
      const item = items.get(result.item_id);
      if (result.status === 'not_evaluated' || !counts || !item) continue;
      const final = conversation.finalAnswers.get(result.item_id);
      if (final === undefined || !valueFits(item, final)) continue;
      counts.compared += 1;
      if (sameAnswer(final, result.value)) counts.agreed += 1;
    }
  }
  return tally;
}
