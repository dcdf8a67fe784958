// Custom analyses' SQL: a campaign's analyses, one by id, a new one, a change (which drops the stored answers when
// what is asked changes), a deletion; and the answers of one conversation, read or replaced.
import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import type { CustomAnalysisInput, CustomAnalysisResult } from '../../contract/custom-analyses';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { customAnalyses, customAnalysisResults } from '../db/schema';
import { NotFound } from '../errors';

export type CustomAnalysisRow = typeof customAnalyses.$inferSelect;

export function listCustomAnalyses(db: Database, campaignId: string): Promise<CustomAnalysisRow[]> {
  return db
    .select()
    .from(customAnalyses)
    .where(eq(customAnalyses.campaignId, campaignId))
    .orderBy(asc(customAnalyses.id));
}

export async function countCustomAnalyses(db: Database, campaignId: string): Promise<number> {
  return db.$count(customAnalyses, eq(customAnalyses.campaignId, campaignId));
}

/** The analysis; 404 when there is none with this id. */
export async function findCustomAnalysis(db: Database, id: string): Promise<CustomAnalysisRow> {
  const [row] = await db.select().from(customAnalyses).where(eq(customAnalyses.id, id));
  if (!row) throw new NotFound('Custom analysis');
  return row;
}

/** The stored columns of a valid analysis: options only for a choice, rules null when absent. */
const columnsOf = (input: CustomAnalysisInput) => ({
  name: input.name,
  question: input.question,
  type: input.type,
  options: input.type === 'choice' ? input.options : null,
  rules: (input.rules ?? null) as Record<string, unknown> | null,
});

export async function insertCustomAnalysis(
  db: Database,
  campaignId: string,
  input: CustomAnalysisInput,
): Promise<CustomAnalysisRow> {
  const [row] = await db
    .insert(customAnalyses)
    .values({ id: newId(), campaignId, ...columnsOf(input) })
    .returning();
  if (!row) throw new Error('The custom analysis was not stored');
  return row;
}

/**
 * Writes the analysis as `input` makes it; when anything but the name changed, its answers go (`askedChanged`:
 * the campaign's conversations must answer it anew).
 */
export async function updateCustomAnalysis(
  db: Database,
  before: CustomAnalysisRow,
  input: CustomAnalysisInput,
): Promise<{ row: CustomAnalysisRow; askedChanged: boolean }> {
  const columns = columnsOf(input);
  // Deep equality without regard to key order: jsonb gives the keys back in its own order.
  const asked = (row: Omit<typeof columns, 'name'>) => [row.question, row.type, row.options, row.rules];
  const [row] = await db
    .update(customAnalyses)
    .set(columns)
    .where(eq(customAnalyses.id, before.id))
    .returning();
  if (!row) throw new NotFound('Custom analysis');
  if (isDeepStrictEqual(asked(before), asked(columns))) return { row, askedChanged: false };
  await db.delete(customAnalysisResults).where(eq(customAnalysisResults.analysisId, before.id));
  return { row, askedChanged: true };
}

export async function deleteCustomAnalysis(db: Database, id: string): Promise<void> {
  await db.delete(customAnalyses).where(eq(customAnalyses.id, id));
}

/** The conversation's answers, in the order its campaign lists the analyses. */
export async function conversationCustomAnalysisResults(
  db: Database,
  conversationId: string,
): Promise<CustomAnalysisResult[]> {
  const rows = await db
    .select({
      analysis_id: customAnalyses.id,
      name: customAnalyses.name,
      type: customAnalyses.type,
      value: customAnalysisResults.value,
      engine: customAnalysisResults.engine,
      evidence_turn: customAnalysisResults.evidenceTurn,
    })
    .from(customAnalysisResults)
    .innerJoin(customAnalyses, eq(customAnalyses.id, customAnalysisResults.analysisId))
    .where(and(eq(customAnalysisResults.conversationId, conversationId)))
    .orderBy(asc(customAnalyses.id));
  return rows.map((row) => ({ ...row, value: row.value ?? null }));
}

/** Replaces the conversation's answers with these (none when the campaign asks nothing). */
export async function replaceConversationAnswers(
  db: Database,
  conversationId: string,
  answers: (typeof customAnalysisResults.$inferInsert)[],
): Promise<void> {
  await db.delete(customAnalysisResults).where(eq(customAnalysisResults.conversationId, conversationId));
  if (answers.length > 0) await db.insert(customAnalysisResults).values(answers);
}
