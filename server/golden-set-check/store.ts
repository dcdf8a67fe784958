// The golden set's SQL: a campaign's validated evaluations (the most recently validated first) with their
// conversation's turns, and how many there are in all (test conversations never count).
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { conversations, evaluations } from '../db/schema';

const validatedIn = (campaignId: string) =>
  and(
    eq(conversations.campaignId, campaignId),
    eq(conversations.isTest, false),
    eq(evaluations.validated, true),
    eq(evaluations.status, 'done'),
  );

/** At most `limit` of the campaign's validated evaluations, most recently validated first, with the turns. */
export function findValidatedEvaluations(db: Database, campaignId: string, limit: number) {
  return db
    .select({ turns: conversations.turns, items: evaluations.items })
    .from(evaluations)
    .innerJoin(conversations, eq(conversations.id, evaluations.conversationId))
    .where(validatedIn(campaignId))
    .orderBy(desc(evaluations.validatedAt), desc(evaluations.conversationId))
    .limit(limit);
}

export async function countValidatedEvaluations(db: Database, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(evaluations)
    .innerJoin(conversations, eq(conversations.id, evaluations.conversationId))
    .where(validatedIn(campaignId));
  return row?.total ?? 0;
}
