// The analysis job's SQL: the conversation with its campaign's settings, and writing a result unless the
// transcript changed since it was read.
import { and, eq, ne } from 'drizzle-orm';
import type { ConversationPhase } from '../../../contract/conversation-phases';
import type { EngineRun, Turn } from '../../../contract/conversations';
import type { Language, Sentiment } from '../../../contract/enums';
import type { Database } from '../../db/client';
import { campaigns, conversations } from '../../db/schema';
import { recordConversationUsage, type ConversationUsage } from '../../usage/store';

export async function findConversationToAnalyse(db: Database, id: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      type: conversations.type,
      campaignId: conversations.campaignId,
      status: conversations.status,
      language: conversations.language,
      turns: conversations.turns,
      transcriptVersion: conversations.transcriptVersion,
      transcription: conversations.transcription,
      campaignSettings: campaigns.settings,
      redactForProviders: campaigns.redactForProviders,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .where(eq(conversations.id, id));
  return row ?? null;
}

export interface AnalysisToSave {
  id: string;
  /** The version the analysed turns were read at: a transcript edited since is not overwritten. */
  transcriptVersion: number;
  language: Language;
  sentiment: Sentiment;
  turns: Turn[];
  topics: string[];
  phases: ConversationPhase[];
  analysis: EngineRun;
  /** The usage of the analysis (its provider calls), recorded only when the result is written. */
  usage: readonly ConversationUsage[];
}

/**
 * Writes the analysis and makes the conversation `ready`, in one statement, with its usage; false when the
 * transcript changed since it was read (or a new transcription started), so the caller reads it again.
 */
export async function saveAnalysis(db: Database, result: AnalysisToSave): Promise<boolean> {
  return db.transaction(async (tx) => {
    const saved = await writeAnalysis(tx, result);
    if (saved) await recordConversationUsage(tx, [result.id], () => result.usage);
    return saved;
  });
}

async function writeAnalysis(db: Database, result: AnalysisToSave): Promise<boolean> {
  const saved = await db
    .update(conversations)
    .set({
      language: result.language,
      sentiment: result.sentiment,
      turns: result.turns,
      topics: result.topics,
      phases: result.phases,
      analysis: result.analysis,
      status: 'ready',
      statusReason: null,
      statusDetail: null,
    })
    .where(
      and(
        eq(conversations.id, result.id),
        eq(conversations.transcriptVersion, result.transcriptVersion),
        ne(conversations.status, 'transcribing'),
      ),
    )
    .returning({ id: conversations.id });
  return saved.length > 0;
}
