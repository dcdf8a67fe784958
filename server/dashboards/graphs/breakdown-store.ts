// The graphs that split the scope's conversations: by agent (their average main score, best or worst first), by
// type, and by topic.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AgentsPerformance, TopicsAnalysis, TypeProportion } from '../../../contract/dashboard-graphs';
import { conversationTypes } from '../../../contract/enums';
import type { Database } from '../../db/client';
import { conversations, evaluations, users } from '../../db/schema';
import {
  averageScoredMainScore,
  inGraphScope,
  negativeSentimentShare,
  scoredEvaluation,
  type GraphScope,
} from './scope';

export async function findAgentsPerformance(
  db: Database,
  scope: GraphScope,
  { ascending, limit }: { ascending: boolean; limit: number },
): Promise<AgentsPerformance> {
  const average = sql<number>`avg(${evaluations.mainScore})::float8`;
  const agents = await db
    .select({
      id: users.id,
      name: users.name,
      evaluated: sql<number>`count(*)::int`,
      average_score: average,
    })
    .from(conversations)
    .innerJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .innerJoin(users, eq(users.id, conversations.agentId))
    .where(and(inGraphScope(scope), scoredEvaluation, isNotNull(conversations.agentId)))
    .groupBy(users.id, users.name)
    .orderBy(ascending ? asc(average) : desc(average), asc(users.name), asc(users.id))
    .limit(limit);
  return { agents };
}

export async function findTypeProportion(db: Database, scope: GraphScope): Promise<TypeProportion> {
  const rows = await db
    .select({
      type: conversations.type,
      conversations: sql<number>`count(*)::int`,
      average_score: averageScoredMainScore(),
    })
    .from(conversations)
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(inGraphScope(scope))
    .groupBy(conversations.type);
  const byType = new Map(rows.map((row) => [row.type, row]));
  return {
    types: conversationTypes.map((type) => ({
      type,
      conversations: byType.get(type)?.conversations ?? 0,
      average_score: byType.get(type)?.average_score ?? null,
    })),
  };
}

export async function findTopicsAnalysis(db: Database, scope: GraphScope): Promise<TopicsAnalysis> {
  const topic = sql<string>`topic.name`;
  const count = sql<number>`count(*)::int`;
  const topics = await db
    .select({
      topic,
      conversations: count,
      average_score: averageScoredMainScore(),
      negative_sentiment_share: negativeSentimentShare(),
    })
    .from(conversations)
    .crossJoin(sql`jsonb_array_elements_text(${conversations.topics}) as topic(name)`)
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(inGraphScope(scope))
    .groupBy(topic)
    .orderBy(desc(count), asc(topic));
  return { topics };
}
