// Writes a conversation's answers to its campaign's custom analyses: the analysis provider answers the questions'
// text when one is configured, the local engine the keyword rules otherwise. Run by the analysis job once the
// conversation's analysis is saved, so every new or changed transcript is answered again. The answers replace the
// conversation's earlier ones at once, so running it twice writes the same.
import { asc, eq } from 'drizzle-orm';
import type { Turn } from '../../contract/conversations';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { customAnalyses, customAnalysisResults } from '../db/schema';
import { answerFromRules } from '../domain/custom-analysis/rules-engine';
import { readTurns } from '../domain/evaluation/turns';
import { analysisClientFor } from '../engines/analysis';
import { askCustomAnalyses } from '../engines/custom-analysis/provider';
import type { ChatClient } from '../engines/openai-compatible/chat';

/** Provider failures are thrown (the job is retried); answers that do not fit their question are null. */
export async function answerCustomAnalyses(
  db: Database,
  config: Config,
  conversation: { id: string; campaignId: string; turns: readonly Turn[] },
): Promise<void> {
  const questions = await db
    .select()
    .from(customAnalyses)
    .where(eq(customAnalyses.campaignId, conversation.campaignId))
    .orderBy(asc(customAnalyses.id));
  const client = analysisClientFor(config);
  const answers = client
    ? await fromProvider(client, questions, conversation)
    : fromRules(questions, conversation);

  await db.transaction(async (tx) => {
    await tx.delete(customAnalysisResults).where(eq(customAnalysisResults.conversationId, conversation.id));
    if (answers.length > 0) await tx.insert(customAnalysisResults).values(answers);
  });
}

type Question = typeof customAnalyses.$inferSelect;
type Conversation = Parameters<typeof answerCustomAnalyses>[2];

function fromRules(questions: readonly Question[], conversation: Conversation) {
  const turns = readTurns(conversation.turns);
  return questions.map((question) => {
    const answer = answerFromRules(question, turns);
    return {
      conversationId: conversation.id,
      analysisId: question.id,
      value: answer.value,
      engine: 'rules' as const,
      evidenceTurn: answer.evidenceTurn,
    };
  });
}

async function fromProvider(client: ChatClient, questions: readonly Question[], conversation: Conversation) {
  const values = await askCustomAnalyses(client, questions, conversation.turns);
  return questions.map((question) => ({
    conversationId: conversation.id,
    analysisId: question.id,
    value: values.get(question.id) ?? null,
    engine: 'llm' as const,
    evidenceTurn: null,
  }));
}
