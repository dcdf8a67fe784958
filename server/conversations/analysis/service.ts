// Analysing a conversation: reads the conversation and its campaign's topics, runs the configured analysis engine
// and writes language, sentiment (whole and per turn), topics, the conversation phases (always by the local
// engine) and the engine that produced them, with the provider calls' usage, then the answers to the campaign's
// custom analyses; the conversation is then `ready`. Running it twice writes the same result.
import type { FastifyBaseLogger } from 'fastify';
import { campaignSettingsSchema, type TopicDefinition } from '../../../contract/campaigns';
import type { Config } from '../../config';
import { answerCustomAnalyses } from '../../custom-analyses/answers';
import type { Database } from '../../db/client';
import { phasesInSettings, splitIntoPhases } from '../../domain/conversation-phases';
import { analysisEngineFor } from '../../engines/analysis';
import { ProviderError, type TokenUsage } from '../../engines/openai-compatible/chat';
import { JobError, PermanentJobError } from '../../errors';
import { analysisUsage } from '../../usage/conversation-usage';
import { findConversationToAnalyse, saveAnalysis } from './store';

/** Reads of a transcript that keeps changing under the analysis before the job gives up and is retried. */
const maxReads = 3;

/** What the analysis runs with: its database and configuration, a log, and where it reports its progress. */
export interface AnalysisRun {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** Records the analysis's progress (0–1). */
  reportProgress(progress: number): Promise<void>;
}

/**
 * Analyses the conversation and writes the result; resolves to true when it did, false when there was nothing to
 * analyse (the conversation is gone, or a transcription under way will have it analysed again).
 */
export async function analyseConversation(context: AnalysisRun, conversationId: string): Promise<boolean> {
  for (let read = 1; read <= maxReads; read++) {
    const conversation = await findConversationToAnalyse(context.db, conversationId);
    // Deleted meanwhile, or a transcription is under way and will queue the analysis again when it ends.
    if (!conversation || conversation.status === 'transcribing') return false;
    const engine = analysisEngineFor(context.config, { redact: conversation.redactForProviders });

    await context.reportProgress(0.1);
    const calls: TokenUsage[] = [];
    const result = await engine
      .analyse({
        language: conversation.language,
        // A sender's language, or the one detected from the text at ingestion, stands; a transcript is new text.
        detectLanguage: conversation.transcription !== null,
        turns: conversation.turns,
        topics: topicsOf(conversation.campaignSettings, context),
        recordCall: (usage) => calls.push(usage),
      })
      .catch(asJobError);
    await context.reportProgress(0.9);

    const saved = await saveAnalysis(context.db, {
      id: conversation.id,
      transcriptVersion: conversation.transcriptVersion,
      language: result.language,
      sentiment: result.sentiment,
      turns: conversation.turns.map((turn, index) => ({
        ...turn,
        sentiment: result.turnSentiments[index] ?? null,
      })),
      topics: result.topics,
      phases: splitIntoPhases(
        conversation.type,
        conversation.turns,
        phasesInSettings(conversation.campaignSettings),
      ),
      analysis: engine.run,
      usage: analysisUsage(engine.run, calls),
    });
    if (saved) {
      await answerCustomAnalyses(context.db, context.config, conversation).catch(asJobError);
      return true;
    }
  }
  throw new Error('The transcript kept changing while it was analysed');
}

/** A provider failure as the job's failure: retried when retrying may mend it. */
function asJobError(error: unknown): never {
  if (!(error instanceof ProviderError)) throw error;
  throw error.retryable
    ? new JobError('provider_error', error.message)
    : new PermanentJobError('provider_error', error.message);
}

/** The campaign's topics; settings that do not hold valid topics count as none, with a warning in the log. */
function topicsOf(settings: Record<string, unknown>, context: AnalysisRun): TopicDefinition[] {
  const parsed = campaignSettingsSchema.safeParse(settings);
  if (parsed.success) return parsed.data.topics ?? [];
  context.log.warn(
    { issues: parsed.error.issues },
    'campaign settings hold invalid topics; none are matched',
  );
  return [];
}
