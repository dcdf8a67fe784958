// One grid item, as the editor holds it, run on a pasted transcript ("Agent: …" lines) or on the turns of a
// conversation the caller reads, by the engine asked for: by default the LLM provider when one is configured,
// else the rules engine.
import type { EvaluationEngineName, ItemTest, ItemTestResult } from '../../contract/evaluations';
import type { Language } from '../../contract/enums';
import type { Config } from '../config';
import type { GridItem } from '../domain/evaluation/grid';
import type { RuleInputTurn } from '../domain/evaluation/turns';
import { parseInputText } from '../domain/input-text';
import { evaluationClientFor } from '../engines/evaluation';
import type { TokenUsage } from '../engines/openai-compatible/chat';
import { clientFor } from '../engines/openai-compatible/redacting-client';
import { Unprocessable } from '../errors';
import { rulesEvaluationEngine, type EvaluationEngine } from './engine';
import { providerEvaluationEngine } from './provider-engine';

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

/**
 * The engine a test runs on: `asked`, else the provider when one is configured; 422 when the provider is asked
 * for and none is. Each provider call's tokens go to `recordCall`; justifications are written in `language`.
 */
export function itemTestEngine(
  config: Config,
  asked: EvaluationEngineName | undefined,
  {
    language,
    recordCall,
    redact,
  }: {
    language: Language;
    recordCall: (usage: TokenUsage) => void;
    /** The conversation's campaign redacts what it sends providers (a pasted transcript: the caller's own). */
    redact: boolean;
  },
): EvaluationEngine {
  const client = evaluationClientFor(config);
  if ((asked ?? (client ? 'llm' : 'rules')) === 'rules') return rulesEvaluationEngine;
  if (!client) throw new Unprocessable('No LLM provider is configured on this server');
  return providerEvaluationEngine({
    client: clientFor(client, { redact }),
    rulesItemIds: new Set(),
    recordCall,
    fallbackLanguage: language,
  });
}

export async function testItem(
  test: ItemTest,
  on: ItemTestTurns,
  engine: EvaluationEngine,
): Promise<ItemTestResult> {
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
  const [outcome] = await engine.evaluate(grid, on.turns, on.language);
  if (!outcome) throw new Error('The engine gave no answer for the tested item');
  const { item_id: _itemId, ...result } = outcome;
  return { engine: engine.name, ...result };
}
