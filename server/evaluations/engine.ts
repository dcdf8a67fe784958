// What an evaluation engine is: a function from a grid, a conversation's turns and its language to one result per
// item; and the local one, the rules engine. The provider engine (./provider-engine.ts) has the same shape.
import type {
  EvaluationEngineName,
  EvaluationEvidence,
  EvaluationValue,
  NotEvaluatedReason,
} from '../../contract/evaluations';
import type { Language } from '../../contract/enums';
import type { Grid } from '../domain/evaluation/grid';
import type { Evidence, RuleReason } from '../domain/evaluation/rule';
import { compileGrid, evaluateByRules, type RulesItemResult } from '../domain/evaluation/rules-engine';
import type { RuleInputTurn } from '../domain/evaluation/turns';

/** One item as an engine answers it; `value` is null when the engine leaves it (with the reason). */
export interface ItemOutcome {
  item_id: string;
  value: EvaluationValue | null;
  justification: string | null;
  evidence: EvaluationEvidence[];
  not_evaluated_reason: NotEvaluatedReason | null;
  rule_reason: RuleReason | null;
  needs_review: boolean;
  failure_detail: string | null;
}

export interface EvaluationEngine {
  name: EvaluationEngineName;
  /** The provider's model; null for the rules engine. */
  model: string | null;
  /** Every item of the grid, in grid order; `language` is null when unknown (a pasted transcript). */
  evaluate(grid: Grid, turns: readonly RuleInputTurn[], language: Language | null): Promise<ItemOutcome[]>;
}

/** The rules engine's evidence is the turn itself, so it is verified by construction. */
const toEvidence = (evidence: Evidence): EvaluationEvidence => ({
  text: evidence.text,
  turn: evidence.turn,
  ...(evidence.start === undefined ? {} : { start: evidence.start }),
  ...(evidence.end === undefined ? {} : { end: evidence.end }),
  verified: true,
});

/** One item as the rules engine answers it, in the engines' common shape. */
export function fromRulesResult(result: RulesItemResult): ItemOutcome {
  return result.status === 'not_evaluated'
    ? {
        item_id: result.item_id,
        value: null,
        justification: null,
        evidence: [],
        not_evaluated_reason: result.reason,
        rule_reason: null,
        needs_review: false,
        failure_detail: null,
      }
    : {
        item_id: result.item_id,
        value: result.value,
        justification: null,
        evidence: result.evidence.map(toEvidence),
        not_evaluated_reason: null,
        rule_reason: result.type === 'binary_item' ? result.reason : null,
        needs_review: false,
        failure_detail: null,
      };
}

/** The local engine: each item's rules, in whatever language they are written (the language is not needed). */
export const rulesEvaluationEngine: EvaluationEngine = {
  name: 'rules',
  model: null,
  evaluate(grid, turns) {
    return Promise.resolve(evaluateByRules(compileGrid(grid), turns).map(fromRulesResult));
  },
};
