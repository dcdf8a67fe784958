// The provider analysis engine: one chat completion per conversation, answered as JSON (language, sentiment of
// the whole and of each turn, topics among the campaign's). Keyword matches are added to the model's topics, so a
// keyword a supervisor defined is never missed.
import { z } from 'zod';
import { languages, sentiments } from '../../../contract/values/enums';
import { fullTextOf } from '../../domain/text/turns';
import { matchTopics } from '../../domain/topics';
import type { ChatClient } from '../openai-compatible/chat';
import type { AnalysisEngine, AnalysisRequest, AnalysisResult } from './index';

const instructions = `You analyse customer-service conversations (calls, chats, emails) for a quality-monitoring team.
Answer with JSON only, as the schema says:
- language: the language the conversation is written in, "en" or "fr".
- sentiment: how the customer feels by the end of the conversation, POSITIVE, NEGATIVE or NEUTRAL. The agent's
  politeness alone does not make a conversation positive.
- turn_sentiments: for each turn, in order, the sentiment that turn expresses (NEUTRAL when it expresses none).
- topics: the names, exactly as given, of the topics the conversation deals with; each topic's keywords are
  examples of what marks it. An empty list when none applies.`;

function answerSchema(request: AnalysisRequest) {
  const topicNames = request.topics.map((topic) => topic.name);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['language', 'sentiment', 'turn_sentiments', 'topics'],
    properties: {
      language: { type: 'string', enum: languages },
      sentiment: { type: 'string', enum: sentiments },
      turn_sentiments: { type: 'array', items: { type: 'string', enum: sentiments } },
      topics: {
        type: 'array',
        items: topicNames.length > 0 ? { type: 'string', enum: topicNames } : { type: 'string' },
      },
    },
  };
}

function answerParser(turnCount: number) {
  return z.object({
    language: z.enum(languages),
    sentiment: z.enum(sentiments),
    turn_sentiments: z
      .array(z.enum(sentiments))
      .refine((list) => list.length === turnCount, `expected ${turnCount} turn sentiments`),
    topics: z.array(z.string()),
  });
}

function conversationMessage({ language, turns, topics }: AnalysisRequest): string {
  return JSON.stringify({
    language_hint: language,
    turns: turns.map((turn, index) => ({
      number: index + 1,
      speaker: turn.speaker,
      ...(turn.subject ? { subject: turn.subject } : {}),
      text: turn.text,
    })),
    topics: topics.map(({ name, keywords }) => ({ name, keywords })),
  });
}

export function createProviderAnalysisEngine(client: ChatClient): AnalysisEngine {
  return {
    run: { engine: 'llm', model: client.model },
    async analyse(request): Promise<AnalysisResult> {
      if (request.turns.length === 0) {
        return { language: request.language, sentiment: 'NEUTRAL', turnSentiments: [], topics: [] };
      }
      const { value, usage } = await client.completeJson({
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content: conversationMessage(request) },
        ],
        schemaName: 'conversation_analysis',
        schema: answerSchema(request),
        parse: (answer) => answerParser(request.turns.length).parse(answer),
      });
      request.recordCall?.(usage);
      const texts = request.turns.map(fullTextOf);
      const found = new Set([...value.topics, ...matchTopics(texts, request.topics)]);
      return {
        language: request.detectLanguage ? value.language : request.language,
        sentiment: value.sentiment,
        turnSentiments: value.turn_sentiments,
        topics: [...new Set(request.topics.map((topic) => topic.name))].filter((name) => found.has(name)),
      };
    },
  };
}
