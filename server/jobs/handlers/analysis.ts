// The analysis job: reads the conversation and its campaign's topics, runs the configured analysis engine and
// writes language, sentiment (whole and per turn), topics, the conversation phases (always by the local engine)
// and the engine that produced them, with the provider calls' usage, then the answers to the campaign's custom
// analyses; the conversation is then `ready`, and the pipeline says what follows. Running it twice writes the
// same result.
import { campaignSettingsSchema, type TopicDefinition } from '../../../contract/campaigns';
import { phasesInSettings } from '../../campaigns/phases/store';
import { findConversationToAnalyse, saveAnalysis } from '../../conversations/analysis/store';
import { answerCustomAnalyses } from '../../custom-analyses/answers';
import { splitIntoPhases } from '../../domain/conversation-phases';
import { analysisEngineFor } from '../../engines/analysis';
import { ProviderError, type TokenUsage } from '../../engines/openai-compatible/chat';
import { analysisUsage } from '../../usage/conversation-usage';
import { JobError, PermanentJobError } from '../../errors';
import type { JobContext, JobHandler } from '../handler';
import { afterAnalysis } from '../pipeline';

/** Reads of a transcript that keeps changing under the analysis before the job gives up and is retried. */
const maxReads = 3;

export const analysisHandler: JobHandler = async (job, context) => {
  const engine = analysisEngineFor(context.config);
  for (let read = 1; read <= maxReads; read++) {
    const conversation = await findConversationToAnalyse(context.db, job.conversationId);
    // Deleted meanwhile, or a transcription is under way and will queue the analysis again when it ends.
    if (!conversation || conversation.status === 'transcribing') return;

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
      await afterAnalysis(context.db, context.config, conversation.id);
      return;
    }
  }
  throw new Error('The transcript kept changing while it was analysed');
};

/** A provider failure as the job's failure: retried when retrying may mend it. */
function asJobError(error: unknown): never {
  if (!(error instanceof ProviderError)) throw error;
  throw error.retryable
    ? new JobError('provider_error', error.message)
    : new PermanentJobError('provider_error', error.message);
}

/** The campaign's topics; settings that do not hold valid topics count as none, with a warning in the log. */
function topicsOf(settings: Record<string, unknown>, context: JobContext): TopicDefinition[] {
  const parsed = campaignSettingsSchema.safeParse(settings);
  if (parsed.success) return parsed.data.topics ?? [];
  context.log.warn(
    { issues: parsed.error.issues },
    'campaign settings hold invalid topics; none are matched',
  );
  return [];
}
