// Which engine evaluates a campaign's conversations: the campaign's choice when it can be honoured. A campaign
// that chose the LLM while no provider is configured (it was removed since) is evaluated by the rules engine, and
// the evaluation says so with the `llm_unavailable` status reason.
import type { Language } from '../../contract/enums';
import type { EvaluationEngineName } from '../../contract/evaluations';
import { chosenEvaluationEngine, forcesRulesItems } from '../campaigns/settings';
import type { Config } from '../config';
import type { Grid } from '../domain/evaluation/grid';
import { gridItems } from '../domain/evaluation/grid';
import { evaluationClientFor } from '../engines/evaluation';
import type { TokenUsage } from '../engines/openai-compatible/chat';
import { clientFor } from '../engines/openai-compatible/redacting-client';
import { rulesEvaluationEngine, type EvaluationEngine } from './engine';
import { providerEvaluationEngine } from './provider-engine';

/** The status reason of a done evaluation the rules engine made because the LLM it was meant for is gone. */
export const llmUnavailableReason = 'llm_unavailable';

/** The engine a campaign's evaluations are made with now, as recorded on them. */
export interface EngineChoice {
  name: EvaluationEngineName;
  /** The provider's model; null for the rules engine. */
  model: string | null;
  /** The campaign chose the LLM and none is configured: the rules engine stands in. */
  fellBack: boolean;
}

export function chooseEngine(config: Config, settings: Record<string, unknown>): EngineChoice {
  const client = evaluationClientFor(config);
  const chosen = chosenEvaluationEngine(settings, client !== null);
  if (chosen === 'llm' && client) return { name: 'llm', model: client.model, fellBack: false };
  return { name: 'rules', model: null, fellBack: chosen === 'llm' };
}

export interface EngineRun {
  /** The grid evaluated, whose items may be forced to the rules. */
  grid: Grid;
  /** The language of justifications when the conversation's is unknown. */
  language: Language;
  /** Told the tokens of each provider call. */
  recordCall: (usage: TokenUsage) => void;
  /** The campaign's `redact_for_providers`: the provider is sent redacted text. */
  redact: boolean;
}

/** The engine that evaluates the campaign's conversation now, and whether it stands in for the LLM. */
export function engineFor(
  config: Config,
  settings: Record<string, unknown>,
  run: EngineRun,
): { engine: EvaluationEngine; fellBack: boolean } {
  const client = evaluationClientFor(config);
  const choice = chooseEngine(config, settings);
  if (choice.name === 'rules' || !client) return { engine: rulesEvaluationEngine, fellBack: choice.fellBack };
  const forced = forcesRulesItems(settings) ? gridItems(run.grid).map((item) => item.id) : [];
  return {
    engine: providerEvaluationEngine({
      client: clientFor(client, { redact: run.redact }),
      rulesItemIds: new Set(forced),
      recordCall: run.recordCall,
      fallbackLanguage: run.language,
    }),
    fellBack: false,
  };
}
