// Dashboards' SQL: the options of the home filter bar, limited to the campaigns the caller reads. Those campaigns
// stay a subquery joined on the caller's memberships, so no query carries a list of their ids.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { maxMetadataValues, type FilterOptions } from '../../contract/dashboards';
import type { MetadataLabel } from '../../contract/campaigns';
import { metadataLabelsOf } from '../campaigns/settings';
import { readableCampaignIds } from '../campaigns/store';
import type { Database } from '../db/client';
import { byName, humanOrder } from '../db/lists';
import { containing } from '../db/lists-store';
import { campaignMembers, campaigns, conversations, users } from '../db/schema';
import type { AccessUser } from '../domain/access/principal';
import { agentScope, canSeeAgentWork } from '../domain/access/conversations';

type Readable = ReturnType<typeof readableCampaignIds>;

export interface CampaignOptionsQuery {
  q?: string | undefined;
  startAfter?: string | undefined;
  limit?: number | undefined;
}

/** The readable campaigns by name (then id), searched and paged when asked: `limit + 1` read to know if more follow. */
async function campaignOptions(
  db: Database,
  readable: Readable,
  { q, startAfter, limit }: CampaignOptionsQuery,
) {
  // Keyset on (name, id): the page starts after the cursor campaign's place in that order.
  const afterCursor = startAfter
    ? sql`(${campaigns.name}, ${campaigns.id}) > (select ${campaigns.name}, ${campaigns.id} from ${campaigns} where ${campaigns.id} = ${startAfter})`
    : undefined;
  const query = db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(inArray(campaigns.id, readable), containing(campaigns.name, q), afterCursor))
    .orderBy(asc(campaigns.name), asc(campaigns.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit + 1));
  const page = limit === undefined ? rows : rows.slice(0, limit);
  const more = limit !== undefined && rows.length > limit;
  return { campaigns: page, next: more ? (page.at(-1)?.id ?? null) : null };
}

/** The agents who are members of the readable campaigns, as far as the user sees agents' work. */
async function agentsOf(db: Database, user: AccessUser, readable: Readable) {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(campaignMembers, eq(campaignMembers.userId, users.id))
    .where(and(eq(users.role, 'agent'), inArray(campaignMembers.campaignId, readable)));
  return rows.filter((row) => canSeeAgentWork(user, row.id)).sort(byName);
}

/**
 * The metadata keys of the readable campaigns' conversations (test conversations aside) with their distinct
 * values, each key keeping its most frequent values only, so that a free-form key (an order number) cannot swell
 * the answer.
 */
async function metadataOf(db: Database, user: AccessUser, readable: Readable) {
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
        inArray(conversations.campaignId, readable),
        eq(conversations.isTest, false),
        onlyAgent === null ? undefined : eq(conversations.agentId, onlyAgent),
      ),
    )
    .groupBy(sql`metadata.key, metadata.value`)
    .as('pairs');
  const [rows, labels] = await Promise.all([
    db.select({ key: pairs.key, value: pairs.value }).from(pairs).where(lte(pairs.rank, maxMetadataValues)),
    metadataLabelsOfCampaigns(db, readable),
  ]);
  const valuesByKey = new Map<string, string[]>();
  for (const { key, value } of rows) valuesByKey.set(key, [...(valuesByKey.get(key) ?? []), value]);
  return [...valuesByKey]
    .map(([key, values]) => ({
      key,
      label: labels.get(key) ?? null,
      values: values.sort(humanOrder.compare),
    }))
    .sort((a, b) => humanOrder.compare(a.key, b.key));
}

/** The readable campaigns' metadata labels by key: where campaigns differ, the first by name that labels it. */
async function metadataLabelsOfCampaigns(db: Database, readable: Readable) {
  const rows = await db
    .select({ settings: campaigns.settings })
    .from(campaigns)
    .where(and(inArray(campaigns.id, readable), sql`${campaigns.settings} -> 'metadata_labels' is not null`))
    .orderBy(asc(campaigns.name), asc(campaigns.id));
  const labels = new Map<string, MetadataLabel>();
  for (const { settings } of rows) {
    for (const [key, label] of Object.entries(metadataLabelsOf(settings))) {
      if (!labels.has(key)) labels.set(key, label);
    }
  }
  return labels;
}

/** The filter bar's options: a page of campaigns (when asked for), their agents, and their metadata (when asked for). */
export async function findFilterOptions(
  db: Database,
  user: AccessUser,
  {
    withCampaigns,
    withMetadata,
    campaignsQuery,
  }: { withCampaigns: boolean; withMetadata: boolean; campaignsQuery: CampaignOptionsQuery },
): Promise<FilterOptions> {
  const readable = readableCampaignIds(db, user);
  const [campaignPage, agents, metadata] = await Promise.all([
    withCampaigns ? campaignOptions(db, readable, campaignsQuery) : { campaigns: [], next: null },
    agentsOf(db, user, readable),
    withMetadata ? metadataOf(db, user, readable) : [],
  ]);
  return {
    campaigns: campaignPage.campaigns,
    campaigns_next_start_after: campaignPage.next,
    agents,
    metadata,
  };
}
