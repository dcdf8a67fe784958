// The usage of the work done on one conversation, before it is given the conversation's organisation and campaign:
// its ingestion, its transcription, its analysis' provider calls and its translations.
import type { EngineRun } from '../../contract/conversations';
import type { TokenUsage } from '../engines/openai-compatible/chat';
import type { ConversationUsage } from './store';

/** The provider calls of one piece of work, one `llm_call` each with its tokens. */
const providerCalls = (
  feature: ConversationUsage['feature'],
  run: EngineRun,
  calls: readonly TokenUsage[],
): ConversationUsage[] =>
  calls.map((call) => ({
    kind: 'llm_call',
    feature,
    engine: run.engine,
    model: run.model,
    quantity: 1,
    tokensIn: call.promptTokens,
    tokensOut: call.completionTokens,
  }));

/** One conversation stored; the engine says how it came: posted as `text`, or uploaded as `audio`. */
export const ingestionUsage = (source: 'text' | 'audio'): ConversationUsage[] => [
  { kind: 'conversation', feature: 'ingestion', engine: source, model: null, quantity: 1 },
];

/** The seconds of audio a transcription read. */
export const transcriptionUsage = (run: EngineRun, seconds: number): ConversationUsage[] => [
  {
    kind: 'transcription',
    feature: 'transcription',
    engine: run.engine,
    model: run.model,
    quantity: seconds,
  },
];

/** The analysis' provider calls (the local engine calls none, and counts nothing). */
export const analysisUsage = (run: EngineRun, calls: readonly TokenUsage[]): ConversationUsage[] =>
  providerCalls('analysis', run, calls);

/** The characters of a translation's source text, and the provider calls it made. */
export const translationUsage = (
  run: EngineRun,
  characters: number,
  calls: readonly TokenUsage[],
): ConversationUsage[] => [
  {
    kind: 'translation',
    feature: 'translation',
    engine: run.engine,
    model: run.model,
    quantity: characters,
  },
  ...providerCalls('translation', run, calls),
];
