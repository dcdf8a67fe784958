// The custom analyses' graphs' SQL: per analysis, its answers counted over the graph's conversations (test ones
// aside, an agent's own only when asked), and a free text's answers page by page; counted in the database.
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CustomAnalysisDetails, FreeTextAnswers } from '../../../contract/custom-analyses';
import type { Database } from '../../db/client';
import { toUnixSeconds } from '../../db/time';
import { conversations, customAnalyses, customAnalysisResults, users } from '../../db/schema';
import { inGraphScope, type GraphScope } from './scope-store';

/** Per analysis and answer value: how many of the counted conversations gave it (null: no answer). */
function answerCounts(db: Database, query: GraphScope) {
  return db
    .select({
      analysisId: customAnalysisResults.analysisId,
      value: customAnalysisResults.value,
      count: sql<number>`count(*)::int`,
    })
    .from(customAnalysisResults)
    .innerJoin(conversations, eq(conversations.id, customAnalysisResults.conversationId))
    .where(inGraphScope(query))
    .groupBy(customAnalysisResults.analysisId, customAnalysisResults.value);
}

export async function findCustomAnalysisDetails(
  db: Database,
  query: GraphScope,
): Promise<CustomAnalysisDetails> {
  const [analyses, counts] = await Promise.all([
    db
      .select()
      .from(customAnalyses)
      .where(inArray(customAnalyses.campaignId, query.campaignIds))
      .orderBy(asc(customAnalyses.campaignId), asc(customAnalyses.id)),
    answerCounts(db, query),
  ]);
  return {
    analyses: analyses.map((analysis) => {
      const answers = counts.filter((row) => row.analysisId === analysis.id);
      const countOf = (value: unknown) =>
        answers.filter((row) => row.value === value).reduce((sum, row) => sum + row.count, 0);
      const given = answers.filter((row) => row.value !== null);
      const numbers = given.filter((row) => typeof row.value === 'number');
      const numberCount = numbers.reduce((sum, row) => sum + row.count, 0);
      const values = numbers.map((row) => row.value as number);
      return {
        id: analysis.id,
        campaign_id: analysis.campaignId,
        name: analysis.name,
        question: analysis.question,
        type: analysis.type,
        answered: given.reduce((sum, row) => sum + row.count, 0),
        unanswered: countOf(null),
        yes: analysis.type === 'yes_no' ? countOf(true) : null,
        no: analysis.type === 'yes_no' ? countOf(false) : null,
        options:
          analysis.type === 'choice'
            ? (analysis.options ?? []).map((option) => ({ option, count: countOf(option) }))
            : null,
        number:
          analysis.type === 'number' && numberCount > 0
            ? {
                min: Math.min(...values),
                max: Math.max(...values),
                average:
                  numbers.reduce((sum, row) => sum + (row.value as number) * row.count, 0) / numberCount,
              }
            : null,
      };
    }),
  };
}

const agent = alias(users, 'agent');

/** A page of a free-text analysis's answers by conversation id, newest first, after `startAfter`. */
export async function findFreeTextAnswers(
  db: Database,
  analysisId: string,
  query: GraphScope,
  { startAfter, limit }: { startAfter?: string | undefined; limit: number },
): Promise<FreeTextAnswers> {
  const rows = await db
    .select({
      id: conversations.id,
      startedAt: conversations.startedAt,
      agentName: agent.name,
      answer: sql<string>`${customAnalysisResults.value} #>> '{}'`,
    })
    .from(customAnalysisResults)
    .innerJoin(conversations, eq(conversations.id, customAnalysisResults.conversationId))
    .leftJoin(agent, eq(agent.id, conversations.agentId))
    .where(
      and(
        eq(customAnalysisResults.analysisId, analysisId),
        sql`jsonb_typeof(${customAnalysisResults.value}) = 'string'`,
        inGraphScope(query),
        startAfter ? lt(conversations.id, startAfter) : undefined,
      ),
    )
    .orderBy(desc(conversations.id))
    .limit(limit + 1);
  const items = rows.slice(0, limit).map((row) => ({
    id: row.id,
    started_at: toUnixSeconds(row.startedAt),
    agent_name: row.agentName,
    answer: row.answer,
  }));
  return { items, next_start_after: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}
