// Usage events for provider calls: one `llm_call` per request, with the tokens the provider reported.
import type { TokenUsage } from '../engines/openai-compatible/chat';
import type { UsageEvent } from './store';

/** What every call of one piece of work shares: who it is counted for, the feature, engine and model. */
export type CallContext = Omit<UsageEvent, 'kind' | 'quantity' | 'tokensIn' | 'tokensOut'>;

export const llmCallEvents = (context: CallContext, calls: readonly TokenUsage[]): UsageEvent[] =>
  calls.map((call) => ({
    ...context,
    kind: 'llm_call',
    quantity: 1,
    tokensIn: call.promptTokens,
    tokensOut: call.completionTokens,
  }));
