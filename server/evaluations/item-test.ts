// One grid item, as the editor holds it, run by the rules engine on a pasted transcript ("Agent: …" lines).
import type { ItemTest, ItemTestResult } from '../../contract/evaluations';
import type { GridItem } from '../domain/evaluation/grid';
import { parseInputText } from '../domain/input-text';
import { rulesEvaluationEngine } from './engine';

/** The tested item's id inside its one-item grid; it never leaves this module. */
const testedItemId = 'tested';

export async function testItem(test: ItemTest): Promise<ItemTestResult> {
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
    sub_items: [],
  };
  const grid = { sections: [{ id: 'section', name: 'section', items: [item] }], additional_scores: [] };
  const [outcome] = await rulesEvaluationEngine.evaluate(grid, parseInputText(test.transcript), null);
  if (!outcome) throw new Error('The engine gave no answer for the tested item');
  const { item_id: _itemId, ...result } = outcome;
  return { engine: rulesEvaluationEngine.name, ...result };
}
