// The conversations a dashboard graph counts: the campaigns asked for, test conversations never, the time range,
// the agents asked for, and only the caller's own when they are an agent.
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { conversations } from '../db/schema';

export interface GraphConversations {
  campaignIds: string[];
  /** Unix seconds, inclusive. */
  start?: number | undefined;
  end?: number | undefined;
  agentIds?: string[] | undefined;
  /** Only this agent's conversations (an agent reading their own work); null for everyone's. */
  onlyAgent: string | null;
}

/** The condition on `conversations` that keeps the graph's conversations. */
export function graphConversationsWhere(query: GraphConversations) {
  return and(
    inArray(conversations.campaignId, query.campaignIds),
    eq(conversations.isTest, false),
    query.start === undefined ? undefined : gte(conversations.startedAt, new Date(query.start * 1000)),
    query.end === undefined ? undefined : lte(conversations.startedAt, new Date(query.end * 1000)),
    query.agentIds?.length ? inArray(conversations.agentId, query.agentIds) : undefined,
    query.onlyAgent === null ? undefined : eq(conversations.agentId, query.onlyAgent),
  );
}
