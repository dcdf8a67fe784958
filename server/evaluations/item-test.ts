// One grid item, as the editor holds it, run by the rules engine on a pasted transcript ("Agent: …" lines) or on
// the turns of a conversation the caller reads.
import type { ItemTest, ItemTestResult } from '../../contract/evaluations';
import type { Language } from '../../contract/enums';
import type { GridItem } from '../domain/evaluation/grid';
import type { RuleInputTurn } from '../domain/evaluation/turns';
import { parseInputText } from '../domain/input-text';
import { rulesEvaluationEngine } from './engine';

/** The tested item's id inside its one-item grid; it never leaves this module. */
const testedItemId = 'tested';

/** What the item is run on: the conversation's turns and language, or a pasted transcript's (language unknown). */
export interface ItemTestTurns {
  turns: readonly RuleInputTurn[];
  language: Language | null;
}

/** The turns of a pasted transcript; a text without a speaker label first is refused (400) by the parser. */
export const pastedTurns = (transcript: string): ItemTestTurns => ({
  turns: parseInputText(transcript),
  language: null,
});

export async function testItem(test: ItemTest, on: ItemTestTurns): Promise<ItemTestResult> {
  const item: GridItem = {
    id: testedItemId,
    name: testedItemId,
    description: test.description,
    type: test.item_type,
    weight: 1,
    critical: false,
    allow_na: test.allow_na,
    rules: test.rules,
    levels: test.levels,
    sub_items: test.sub_items.map((sub, index) => ({
      id: String(index),
      name: sub.name,
      type: 'binary_item',
      allow_na: false,
      rules: sub.rules,
    })),
  };
  const grid = { sections: [{ id: 'section', name: 'section', items: [item] }], additional_scores: [] };
  const [outcome] = await rulesEvaluationEngine.evaluate(grid, on.turns, on.language);
  if (!outcome) throw new Error('The engine gave no answer for the tested item');
  const { item_id: _itemId, ...result } = outcome;
  return { engine: rulesEvaluationEngine.name, ...result };
}
