// How many conversations a grid would auto-fail if they were evaluated again with it: each conversation's answers
// are the rules engine's where the rules answer an item, else the answer people validated (when it still fits the
// item as this grid has it); a critical item scoring 0 sets the main score to 0 (scoreEvaluation).
import type { SettledConversation } from './agreement';
import { gridItems, type Grid, type ItemValue } from './grid';
import { valueFits } from './item-score';
import { compileGrid, evaluateByRules } from './rules-engine';
import { scoreEvaluation } from './scoring';

export function autoFailedCount(grid: Grid, conversations: readonly SettledConversation[]): number {
  const items = new Map(gridItems(grid).map((item) => [item.id, item]));
  const compiled = compileGrid(grid);
  let count = 0;
  for (const conversation of conversations) {
    const answers = new Map<string, ItemValue>();
    for (const [itemId, value] of conversation.finalAnswers) {
      const item = items.get(itemId);
      if (item && valueFits(item, value)) answers.set(itemId, value);
    }
    for (const result of evaluateByRules(compiled, conversation.turns)) {
      if (result.status !== 'not_evaluated') answers.set(result.item_id, result.value);
    }
    if (scoreEvaluation(grid, answers).auto_failed) count += 1;
  }
  return count;
}
