// The usage of one evaluation run: the run itself, and each provider call it made with its tokens.
import type { EvaluationEngineName } from '../../contract/evaluations';
import type { TokenUsage } from '../engines/openai-compatible/chat';
import { llmCallEvents } from './llm-calls';
import type { UsageEvent } from './store';

export interface EvaluationRunUsage {
  organisationId: string;
  campaignId: string;
  conversationId: string;
  engine: EvaluationEngineName;
  model: string | null;
  calls: readonly TokenUsage[];
}

export function evaluationUsageEvents(run: EvaluationRunUsage): UsageEvent[] {
  const common = {
    organisationId: run.organisationId,
    campaignId: run.campaignId,
    conversationId: run.conversationId,
    feature: 'evaluation' as const,
    engine: run.engine,
    model: run.model,
  };
  return [{ ...common, kind: 'evaluation', quantity: 1 }, ...llmCallEvents(common, run.calls)];
}
