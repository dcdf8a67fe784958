// The usage of one item test in the grid editor: each provider call it made, with its tokens (a test on the rules
// engine makes none and counts nothing).
import type { TokenUsage } from '../engines/openai-compatible/chat';
import { llmCallEvents } from './llm-calls';
import type { UsageEvent } from './store';

export interface ItemTestUsage {
  organisationId: string;
  campaignId: string | null;
  conversationId: string | null;
  model: string | null;
  calls: readonly TokenUsage[];
}

export const itemTestUsageEvents = (test: ItemTestUsage): UsageEvent[] =>
  llmCallEvents(
    {
      organisationId: test.organisationId,
      campaignId: test.campaignId,
      conversationId: test.conversationId,
      feature: 'item_test',
      engine: 'llm',
      model: test.model,
    },
    test.calls,
  );
