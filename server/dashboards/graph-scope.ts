// The conversations a graph counts: those of the asked campaigns, time range and agents that the caller reads,
// test conversations never. Unreadable campaigns and unknown agents are refused as unknown ids, so that a graph
// never answers someone else's numbers.
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { GraphQuery } from '../../contract/dashboards';
import { findCampaign } from '../campaigns/store';
import type { Database } from '../db/client';
import { campaignMembers, conversations } from '../db/schema';
import { canReadCampaign } from '../domain/access/campaigns';
import { agentScope } from '../domain/access/conversations';
import type { Principal } from '../domain/access/principal';
import { NotFound } from '../errors';

export interface GraphScope {
  campaignIds: string[];
  /** Unix seconds, inclusive. */
  start?: number | undefined;
  end?: number | undefined;
  agentIds?: string[] | undefined;
  /** Only this agent's conversations (an agent reading their own work); null for everyone's. */
  onlyAgent: string | null;
}

/**
 * The query's scope once checked: 404 for a campaign the principal does not read (whichever organisation it is
 * in) and for an agent id that is not a member of one of the campaigns; agents see their own conversations only.
 */
export async function graphScopeOf(
  db: Database,
  principal: Principal,
  query: GraphQuery,
): Promise<GraphScope> {
  const campaignIds = [...new Set(query.campaigns)];
  for (const id of campaignIds) {
    const campaign = await findCampaign(db, id, principal.user.id);
    if (!canReadCampaign(principal.user, campaign, campaign.membership !== null))
      throw new NotFound('Campaign');
  }
  const agentIds = query.agents && [...new Set(query.agents)];
  if (agentIds?.length) {
    const members = await db
      .selectDistinct({ userId: campaignMembers.userId })
      .from(campaignMembers)
      .where(
        and(inArray(campaignMembers.campaignId, campaignIds), inArray(campaignMembers.userId, agentIds)),
      );
    if (members.length < agentIds.length) throw new NotFound('Agent');
  }
  return {
    campaignIds,
    start: query.startTs,
    end: query.endTs,
    agentIds,
    onlyAgent: agentScope(principal.user),
  };
}

/** The SQL condition on `conversations` for the scope's conversations. */
export function inGraphScope(scope: GraphScope) {
  return and(
    inArray(conversations.campaignId, scope.campaignIds),
    eq(conversations.isTest, false),
    scope.start === undefined ? undefined : gte(conversations.startedAt, new Date(scope.start * 1000)),
    scope.end === undefined ? undefined : lte(conversations.startedAt, new Date(scope.end * 1000)),
    scope.agentIds?.length ? inArray(conversations.agentId, scope.agentIds) : undefined,
    scope.onlyAgent === null ? undefined : eq(conversations.agentId, scope.onlyAgent),
  );
}
