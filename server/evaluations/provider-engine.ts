// The provider evaluation engine in the engines' common shape: the model answers the items (those the campaign
// forces to the rules engine and that have rules take the rules' answer), each provider call's tokens go to the
// caller's `recordCall`, for the usage records written with the result.
import type { Language } from '../../contract/enums';
import { evaluateWithProvider, type ProviderItemResult } from '../engines/evaluation/provider';
import type { ChatClient, TokenUsage } from '../engines/openai-compatible/chat';
import { fromRulesResult, type EvaluationEngine, type ItemOutcome } from './engine';

function fromProviderResult(result: ProviderItemResult): ItemOutcome {
  if (result.engine === 'rules') return fromRulesResult(result);
  if (result.status === 'failed') {
    return {
      item_id: result.item_id,
      value: null,
      justification: null,
      evidence: [],
      not_evaluated_reason: 'failed',
      rule_reason: null,
      needs_review: false,
      failure_detail: result.detail,
    };
  }
  return {
    item_id: result.item_id,
    value: result.value,
    justification: result.justification,
    evidence: result.evidence,
    not_evaluated_reason: null,
    rule_reason: null,
    needs_review: result.needs_review,
    failure_detail: null,
  };
}

export interface ProviderEngineOptions {
  client: ChatClient;
  /** Items to answer by their rules when they have rules the rules engine can apply. */
  rulesItemIds: ReadonlySet<string>;
  /** Told the tokens of every provider call made, as each evaluation ends. */
  recordCall: (usage: TokenUsage) => void;
  /** The language asked for justifications when the conversation's is unknown. */
  fallbackLanguage: Language;
}

export function providerEvaluationEngine(options: ProviderEngineOptions): EvaluationEngine {
  return {
    name: 'llm',
    model: options.client.model,
    async evaluate(grid, turns, language) {
      const { items, usage } = await evaluateWithProvider(grid, turns, language ?? options.fallbackLanguage, {
        client: options.client,
        rulesItemIds: options.rulesItemIds,
      });
      usage.forEach(options.recordCall);
      return items.map(fromProviderResult);
    },
  };
}
