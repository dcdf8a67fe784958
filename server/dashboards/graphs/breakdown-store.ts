// The graphs that split the scope's conversations: by agent (their average main score, best or worst first), by
// type, and by topic. They sum the daily rollups (figures, and topics' own) when they serve the scope (no topic or
// metadata filter), else read the conversations.
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AgentsPerformance, TopicsAnalysis, TypeProportion } from '../../../contract/dashboard-graphs';
import type { ConversationType } from '../../../contract/enums';
import { conversationTypes } from '../../../contract/values/enums';
import type { Database } from '../../db/client';
import {
  conversations,
  dashboardDailyTopics,
  dashboardHourlyTopics,
  evaluations,
  users,
} from '../../db/schema';
import {
  aggregateDays,
  averageScore,
  byDays,
  dailyFigures,
  servedByRollup,
  startDay,
  type DailySource,
} from './daily-figures-store';
import {
  averageScoredMainScore,
  inGraphScope,
  negativeSentimentShare,
  scoredEvaluation,
  type GraphScope,
} from './scope-store';

type AgentsOrder = { ascending: boolean; limit: number };

/** The agents' performance counted from the scope's evaluations. */
export async function agentsPerformanceOfConversations(
  db: Database,
  scope: GraphScope,
  { ascending, limit }: AgentsOrder,
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

/** The agents' performance summed from the rollups (`byDays`): days, the edges' hours and minutes. */
export async function agentsPerformanceOfDays(
  db: Database,
  scope: GraphScope,
  { ascending, limit }: AgentsOrder,
): Promise<AgentsPerformance> {
  const average = averageScore();
  const agents = await aggregateDays<AgentsPerformance['agents'][number]>(
    db,
    sql`select ${users.id} as id, ${users.name} as name, sum(figures.scored)::int as evaluated,
        ${average} as average_score
      from (${dailyFigures(scope)}) as figures join ${users} on ${users.id} = figures.agent_id
      group by ${users.id}, ${users.name}
      having sum(figures.scored) > 0
      order by ${average} ${sql.raw(ascending ? 'asc' : 'desc')}, ${users.name}, ${users.id}
      limit ${limit}`,
  );
  return { agents };
}

export async function findAgentsPerformance(
  db: Database,
  scope: GraphScope,
  order: AgentsOrder,
): Promise<AgentsPerformance> {
  return (servedByRollup(scope) ? agentsPerformanceOfDays : agentsPerformanceOfConversations)(
    db,
    scope,
    order,
  );
}

type TypeRow = { type: ConversationType; conversations: number; average_score: number | null };

function typeProportionAnswer(rows: TypeRow[]): TypeProportion {
  const byType = new Map(rows.map((row) => [row.type, row]));
  return {
    types: conversationTypes.map((type) => ({
      type,
      conversations: byType.get(type)?.conversations ?? 0,
      average_score: byType.get(type)?.average_score ?? null,
    })),
  };
}

/** The type proportion counted from the scope's conversations and evaluations. */
export async function typeProportionOfConversations(
  db: Database,
  scope: GraphScope,
): Promise<TypeProportion> {
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
  return typeProportionAnswer(rows);
}

/** The type proportion summed from the rollups (`byDays`): days, the edges' hours and minutes. */
export async function typeProportionOfDays(db: Database, scope: GraphScope): Promise<TypeProportion> {
  const rows = await aggregateDays<TypeRow>(
    db,
    sql`select figures.type, sum(figures.conversations)::int as conversations, ${averageScore()} as average_score
      from (${dailyFigures(scope)}) as figures
      group by figures.type`,
  );
  return typeProportionAnswer(rows);
}

export async function findTypeProportion(db: Database, scope: GraphScope): Promise<TypeProportion> {
  return (servedByRollup(scope) ? typeProportionOfDays : typeProportionOfConversations)(db, scope);
}

/** The topics counted from the scope's conversations and evaluations. */
export async function topicsAnalysisOfConversations(
  db: Database,
  scope: GraphScope,
): Promise<TopicsAnalysis> {
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

/** The topics' rollups (`dashboard_daily_topics`, `dashboard_hourly_topics`): their columns, and the edges' rows. */
const topicsSource: DailySource = {
  daily: dashboardDailyTopics,
  hourly: dashboardHourlyTopics,
  keys: ['topic'],
  figures: ['conversations', 'scored', 'score_sum', 'negative_sentiment', 'with_sentiment'],
  counted: (where, isCurrent) => sql`select ${startDay} as day, ${conversations.agentId} as agent_id,
      ${isCurrent} as current, topic.name as topic, count(*)::int as conversations,
      (count(*) filter (where ${scoredEvaluation}))::int as scored,
      coalesce(sum(${evaluations.mainScore}::float8) filter (where ${scoredEvaluation}), 0) as score_sum,
      (count(*) filter (where ${conversations.sentiment} = 'NEGATIVE'))::int as negative_sentiment,
      count(${conversations.sentiment})::int as with_sentiment
    from ${conversations} cross join jsonb_array_elements_text(${conversations.topics}) as topic(name)
      left join ${evaluations} on ${eq(evaluations.conversationId, conversations.id)}
    where ${where}
    group by 1, 2, 3, 4`,
};

/** The topics summed from their rollups (`byDays`): days, the edges' hours and minutes. */
export async function topicsAnalysisOfDays(db: Database, scope: GraphScope): Promise<TopicsAnalysis> {
  const topics = await aggregateDays<TopicsAnalysis['topics'][number]>(
    db,
    sql`select figures.topic, sum(figures.conversations)::int as conversations,
        ${averageScore()} as average_score,
        sum(figures.negative_sentiment)::float8 / nullif(sum(figures.with_sentiment), 0) as negative_sentiment_share
      from (${byDays(topicsSource, scope)}) as figures
      group by figures.topic
      having sum(figures.conversations) > 0
      order by sum(figures.conversations) desc, figures.topic`,
  );
  return { topics };
}

export async function findTopicsAnalysis(db: Database, scope: GraphScope): Promise<TopicsAnalysis> {
  return (servedByRollup(scope) ? topicsAnalysisOfDays : topicsAnalysisOfConversations)(db, scope);
}
