// What a dashboard graph counts: the conversations of the campaigns, time range, agents, topics and metadata
// asked, test conversations never, and an agent's own only. Built once per request from the parsed query, after
// the access checks (`assertGraphScope`), and turned into SQL conditions by every graph's query.
import { and, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { GraphQuery } from '../../../contract/dashboards';
import type { Database } from '../../db/client';
import { fromUnixSeconds } from '../../db/time';
import { conversations, evaluations, users } from '../../db/schema';
import { NotFound } from '../../errors';
import { assertCanReadCampaign } from '../../domain/access/campaigns';
import { agentScope, canSeeAgentWork } from '../../domain/access/conversations';
import type { Principal } from '../../domain/access/principal';
import { findCampaign } from '../../campaigns/store';
import { hasOneOf, textArray } from '../../conversations/list-store';

export interface GraphScope {
  campaignIds: string[];
  /** Unix seconds, inclusive; open when undefined. */
  start: number | undefined;
  end: number | undefined;
  agentIds: string[] | undefined;
  topics: string[] | undefined;
  metadata: { key: string; values: string[] }[];
  /** Only this agent's conversations (an agent reading their own work); null for everyone's. */
  onlyAgent: string | null;
}

/**
 * The query's scope once the caller is known to read it: every campaign as `GET /campaigns/{id}` checks it (404
 * unknown or outside the organisation, 403 to a non-member), every agent a user of the caller's organisation
 * (any for an admin) whose work the caller sees (404 otherwise: an agent naming another agent learns nothing).
 */
export async function assertGraphScope(
  db: Database,
  principal: Principal,
  query: GraphQuery,
): Promise<GraphScope> {
  const campaignIds = [...new Set(query.campaigns)];
  for (const id of campaignIds) {
    const campaign = await findCampaign(db, id, principal.user.id);
    assertCanReadCampaign(principal, campaign, campaign.membership);
  }
  const agentIds = query.agents?.length ? [...new Set(query.agents)] : undefined;
  if (agentIds) {
    const { user } = principal;
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, agentIds),
          user.isAdmin
            ? undefined
            : user.organisationId === null
              ? sql`false`
              : eq(users.organisationId, user.organisationId),
        ),
      );
    const known = new Set(found.map((row) => row.id));
    if (agentIds.some((id) => !known.has(id) || !canSeeAgentWork(user, id))) throw new NotFound('Agent');
  }
  return {
    campaignIds,
    start: query.startTs,
    end: query.endTs,
    agentIds,
    topics: query.topics?.length ? query.topics : undefined,
    metadata: query.metadata,
    onlyAgent: agentScope(principal.user),
  };
}

/** Every conversation of the campaigns: no time range, agent, topic or metadata filter, as a supervisor reads them. */
export const wholeCampaigns = (campaignIds: string[]): GraphScope => ({
  campaignIds,
  start: undefined,
  end: undefined,
  agentIds: undefined,
  topics: undefined,
  metadata: [],
  onlyAgent: null,
});

/** The scope's conversations, on its own time range or on `range` (the KPIs' previous period). */
export function inGraphScope(
  scope: GraphScope,
  range: { start: number | undefined; end: number | undefined } = scope,
): SQL | undefined {
  return and(
    inArray(conversations.campaignId, scope.campaignIds),
    eq(conversations.isTest, false),
    range.start === undefined ? undefined : gte(conversations.startedAt, fromUnixSeconds(range.start)),
    range.end === undefined ? undefined : lte(conversations.startedAt, fromUnixSeconds(range.end)),
    scope.agentIds ? inArray(conversations.agentId, scope.agentIds) : undefined,
    scope.onlyAgent === null ? undefined : eq(conversations.agentId, scope.onlyAgent),
    scope.topics ? sql`${conversations.topics} ?| ${textArray(scope.topics)}` : undefined,
    ...scope.metadata.map(({ key, values }) => hasOneOf(key, values)),
  );
}

/** An evaluation that gives a score: done, with a main score (auto-failed ones score 0). */
export const scoredEvaluation = and(eq(evaluations.status, 'done'), isNotNull(evaluations.mainScore));

/** The average main score of the rows' scored evaluations (null when none), for a left join on evaluations. */
export const averageScoredMainScore = (among = sql`true`) =>
  sql<number | null>`(avg(${evaluations.mainScore}) filter (where ${among} and ${scoredEvaluation}))::float8`;

/** The share of negative conversations among the rows with a sentiment (null when none has one). */
export const negativeSentimentShare = (among = sql`true`) => sql<number | null>`(
  (count(*) filter (where ${among} and ${conversations.sentiment} = 'NEGATIVE'))::float8
  / nullif(count(${conversations.sentiment}) filter (where ${among}), 0))`;
