// Dashboards' SQL: the options of the home filter bar, limited to the campaigns the caller reads.
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { maxMetadataValues, type FilterOptions } from '../../contract/dashboards';
import type { Database } from '../db/client';
import { byName, humanOrder } from '../db/lists';
import { campaignMembers, campaigns, conversations, users } from '../db/schema';
import { canReadCampaign } from '../domain/access/campaigns';
import { agentScope, canSeeAgentWork } from '../domain/access/conversations';
import type { AccessUser } from '../domain/access/principal';

/** The campaigns the user reads. */
async function readableCampaigns(db: Database, user: AccessUser) {
  const rows = await db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      organisationId: campaigns.organisationId,
      memberId: campaignMembers.userId,
    })
    .from(campaigns)
    .leftJoin(
      campaignMembers,
      and(eq(campaignMembers.campaignId, campaigns.id), eq(campaignMembers.userId, user.id)),
    )
    // Only admins read campaigns they are not members of; canReadCampaign decides, this keeps the rest in
    // the database.
    .where(user.isAdmin ? undefined : isNotNull(campaignMembers.userId));
  return rows
    .filter((row) => canReadCampaign(user, row, row.memberId !== null))
    .map(({ id, name }) => ({ id, name }))
    .sort(byName);
}

/** The agents who are members of the campaigns, as far as the user sees agents' work. */
async function agentsOf(db: Database, user: AccessUser, campaignIds: string[]) {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(campaignMembers, eq(campaignMembers.userId, users.id))
    .where(and(eq(users.role, 'agent'), inArray(campaignMembers.campaignId, campaignIds)));
  return rows.filter((row) => canSeeAgentWork(user, row.id)).sort(byName);
}

/**
 * The metadata keys of the campaigns' conversations (test conversations aside) with their distinct values,
 * each key keeping its most frequent values only, so that a free-form key (an order number) cannot swell
 * the answer.
 */
async function metadataOf(db: Database, user: AccessUser, campaignIds: string[]) {
  const onlyAgent = agentScope(user);
  const pairs = db
    .select({
      key: sql<string>`metadata.key`.as('key'),
      value: sql<string>`metadata.value`.as('value'),
      rank: sql<number>`row_number() over (partition by metadata.key order by count(*) desc, metadata.value collate "C")`.as(
        'rank',
      ),
    })
    .from(
      sql`${conversations} cross join lateral jsonb_each_text(${conversations.metadata}) as metadata(key, value)`,
    )
    .where(
      and(
        inArray(conversations.campaignId, campaignIds),
        eq(conversations.isTest, false),
        onlyAgent === null ? undefined : eq(conversations.agentId, onlyAgent),
      ),
    )
    .groupBy(sql`metadata.key, metadata.value`)
    .as('pairs');
  const rows = await db
    .select({ key: pairs.key, value: pairs.value })
    .from(pairs)
    .where(lte(pairs.rank, maxMetadataValues));
  const valuesByKey = new Map<string, string[]>();
  for (const { key, value } of rows) valuesByKey.set(key, [...(valuesByKey.get(key) ?? []), value]);
  return [...valuesByKey]
    .map(([key, values]) => ({ key, values: values.sort(humanOrder.compare) }))
    .sort((a, b) => humanOrder.compare(a.key, b.key));
}

/** The filter bar's options: campaigns (when asked for), their agents, and their metadata (when asked for). */
export async function findFilterOptions(
  db: Database,
  user: AccessUser,
  { withCampaigns, withMetadata }: { withCampaigns: boolean; withMetadata: boolean },
): Promise<FilterOptions> {
  // The agents depend on the campaigns, so these are read even when they are not asked for.
  const scope = await readableCampaigns(db, user);
  if (scope.length === 0) return { campaigns: [], agents: [], metadata: [] };
  const campaignIds = scope.map((campaign) => campaign.id);
  const [agents, metadata] = await Promise.all([
    agentsOf(db, user, campaignIds),
    withMetadata ? metadataOf(db, user, campaignIds) : [],
  ]);
  return { campaigns: withCampaigns ? scope : [], agents, metadata };
}
