// Writes a conversation's answers to its campaign's custom analyses, from the local engine's keyword rules; run by
// the analysis job once the conversation's analysis is saved, so every new or changed transcript is answered
// again. The answers replace the conversation's earlier ones at once, so running it twice writes the same.
import { asc, eq } from 'drizzle-orm';
import type { Turn } from '../../contract/conversations';
import type { Database } from '../db/client';
import { customAnalyses, customAnalysisResults } from '../db/schema';
import { answerFromRules } from '../domain/custom-analysis/rules-engine';
import { readTurns } from '../domain/evaluation/turns';

export async function answerCustomAnalyses(
  db: Database,
  conversation: { id: string; campaignId: string; turns: readonly Turn[] },
): Promise<void> {
  const questions = await db
    .select({ id: customAnalyses.id, type: customAnalyses.type, rules: customAnalyses.rules })
    .from(customAnalyses)
    .where(eq(customAnalyses.campaignId, conversation.campaignId))
    .orderBy(asc(customAnalyses.id));
  const turns = readTurns(conversation.turns);
  const answers = questions.map((question) => {
    const answer = answerFromRules(question, turns);
    return {
      conversationId: conversation.id,
      analysisId: question.id,
      value: answer.value,
      engine: 'rules' as const,
      evidenceTurn: answer.evidenceTurn,
    };
  });
  await db.transaction(async (tx) => {
    await tx.delete(customAnalysisResults).where(eq(customAnalysisResults.conversationId, conversation.id));
    if (answers.length > 0) await tx.insert(customAnalysisResults).values(answers);
  });
}
