// Campaigns' SQL, shared by the campaign, member, organisation and dashboard features: lists, the readable
// campaigns as a subquery, one campaign with the caller's membership, creation, changes, deletion, metadata keys.
import { and, asc, eq, gt, inArray, isNotNull, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CampaignPolicy, UpdateCampaign } from '../../contract/campaigns';
import type { CampaignRole, Language } from '../../contract/enums';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { preparedPerDatabase } from '../db/prepared';
import { containing } from '../db/lists-store';
import { campaignMembers, campaigns, conversationMetadataValues, conversations } from '../db/schema';
import { campaignListScope, type CampaignMembership } from '../domain/access/campaigns';
import type { AccessUser } from '../domain/access/principal';
import { NotFound } from '../errors';
import type { CampaignAccessRecord } from '../plugins/principal-cache';

export type CampaignRecord = typeof campaigns.$inferSelect;

/** A campaign with what every answer about it carries: its member count and the caller's membership. */
export type CampaignRow = CampaignRecord & { memberCount: number; membership: CampaignMembership };

const mine = alias(campaignMembers, 'mine');

function selectCampaigns(db: Database, viewerId: string | Placeholder) {
  return db
    .select({
      campaign: campaigns,
      memberCount: db.$count(campaignMembers, eq(campaignMembers.campaignId, campaigns.id)),
      myRole: mine.role,
      myPolicy: mine.policy,
    })
    .from(campaigns)
    .leftJoin(mine, and(eq(mine.campaignId, campaigns.id), eq(mine.userId, viewerId)));
}

type SelectedCampaign = Awaited<ReturnType<typeof selectCampaigns>>[number];

const toRow = ({ campaign, memberCount, myRole, myPolicy }: SelectedCampaign): CampaignRow => ({
  ...campaign,
  memberCount,
  membership: myRole ? { role: myRole, policy: myPolicy ?? {} } : null,
});

export interface CampaignListOptions {
  /** Only the campaigns of this organisation. */
  organisationId?: string | undefined;
  q?: string | undefined;
  startAfter?: string | undefined;
  /** Reads `limit + 1` campaigns, for a keyset page; every one without a limit. */
  limit?: number;
}

/** The campaigns the viewer's list shows (see `campaignListScope`), by id. */
export async function listCampaigns(db: Database, viewer: AccessUser, options: CampaignListOptions) {
  const scope = campaignListScope(viewer);
  if (scope.kind === 'none') return [];
  const query = selectCampaigns(db, viewer.id)
    .where(
      and(
        scope.kind === 'memberships'
          ? and(isNotNull(mine.userId), eq(campaigns.organisationId, scope.organisationId))
          : undefined,
        options.organisationId ? eq(campaigns.organisationId, options.organisationId) : undefined,
        containing(campaigns.name, options.q),
        options.startAfter ? gt(campaigns.id, options.startAfter) : undefined,
      ),
    )
    .orderBy(asc(campaigns.id))
    .$dynamic();
  const rows = await (options.limit === undefined ? query : query.limit(options.limit + 1));
  return rows.map(toRow);
}

/**
 * The ids of the campaigns the viewer reads (see `campaignListScope`), as a subquery for `inArray`: joined on the
 * viewer's memberships in the database, never a list of ids built here.
 */
export function readableCampaignIds(db: Database, viewer: AccessUser) {
  const scope = campaignListScope(viewer);
  if (scope.kind === 'all') return db.select({ id: campaigns.id }).from(campaigns);
  return db
    .select({ id: campaignMembers.campaignId })
    .from(campaignMembers)
    .innerJoin(campaigns, eq(campaigns.id, campaignMembers.campaignId))
    .where(
      scope.kind === 'none'
        ? sql`false`
        : and(eq(campaignMembers.userId, scope.userId), eq(campaigns.organisationId, scope.organisationId)),
    );
}

const campaignById = preparedPerDatabase((db) =>
  selectCampaigns(db, sql.placeholder('viewerId'))
    .where(eq(campaigns.id, sql.placeholder('id')))
    .prepare('find_campaign'),
);

/** The campaign with the viewer's membership; 404 when there is none with this id. */
export async function findCampaign(db: Database, id: string, viewerId: string): Promise<CampaignRow> {
  const [row] = await campaignById(db).execute({ id, viewerId });
  if (!row) throw new NotFound('Campaign');
  return toRow(row);
}

const campaignAccessById = preparedPerDatabase((db) =>
  db
    .select({ organisationId: campaigns.organisationId, myRole: mine.role, myPolicy: mine.policy })
    .from(campaigns)
    .leftJoin(mine, and(eq(mine.campaignId, campaigns.id), eq(mine.userId, sql.placeholder('userId'))))
    .where(eq(campaigns.id, sql.placeholder('id')))
    .prepare('find_campaign_access'),
);

/**
 * What the access rules read of a campaign, without counting its members: its organisation and the user's
 * membership (what the principal cache keeps); undefined when there is no campaign with this id.
 */
export async function findCampaignAccess(
  db: Database,
  id: string,
  userId: string,
): Promise<CampaignAccessRecord | undefined> {
  const [row] = await campaignAccessById(db).execute({ id, userId });
  if (!row) return undefined;
  const { organisationId, myRole, myPolicy } = row;
  return { organisationId, membership: myRole ? { role: myRole, policy: myPolicy ?? {} } : null };
}

export interface NewCampaign {
  organisationId: string;
  name: string;
  description?: string | undefined;
  language?: Language | undefined;
  settings?: Record<string, unknown>;
  redactForProviders?: boolean;
  redactAtIngestion?: boolean;
  redactExports?: boolean;
  logoKey?: string | null;
  createdBy: string;
}

export interface NewMembership {
  userId: string;
  role: CampaignRole;
  policy: CampaignPolicy;
}

/** Stores a campaign with its first members; resolves to it as its creator sees it. */
export async function insertCampaign(
  db: Database,
  campaign: NewCampaign,
  members: NewMembership[],
  /** More to store with the campaign, in the same transaction. */
  alongside?: (tx: Database, campaignId: string) => Promise<void>,
) {
  const id = newId();
  await db.transaction(async (tx) => {
    await tx.insert(campaigns).values({ id, ...campaign });
    if (members.length > 0) {
      await tx.insert(campaignMembers).values(members.map((member) => ({ campaignId: id, ...member })));
    }
    await alongside?.(tx, id);
  });
  return findCampaign(db, id, campaign.createdBy);
}

/** Changes the campaign's fields (those kept in its settings next to the keys already there); resolves to the
 * campaign as the viewer sees it after them. */
export async function updateCampaign(db: Database, id: string, changes: UpdateCampaign, viewerId: string) {
  const {
    auto_evaluate: autoEvaluate,
    evaluation_engine: evaluationEngine,
    evaluation_force_rules: forceRules,
    metadata_labels: metadataLabels,
    redact_for_providers: redactForProviders,
    redact_at_ingestion: redactAtIngestion,
    redact_exports: redactExports,
    ...fields
  } = changes;
  // Keys left undefined are not in the JSON, so they keep their stored value.
  const settings = JSON.stringify({
    auto_evaluate: autoEvaluate,
    evaluation_engine: evaluationEngine,
    evaluation_force_rules: forceRules,
    metadata_labels: metadataLabels,
  });
  await db
    .update(campaigns)
    .set({
      ...fields,
      redactForProviders,
      redactAtIngestion,
      redactExports,
      ...(settings === '{}' ? {} : { settings: sql`${campaigns.settings} || ${settings}::jsonb` }),
    })
    .where(eq(campaigns.id, id));
  return findCampaign(db, id, viewerId);
}

/** The campaign's PII redaction settings; all off when the campaign is gone. */
export async function findCampaignRedaction(db: Database, id: string) {
  const [row] = await db
    .select({
      redactForProviders: campaigns.redactForProviders,
      redactAtIngestion: campaigns.redactAtIngestion,
      redactExports: campaigns.redactExports,
    })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row ?? { redactForProviders: false, redactAtIngestion: false, redactExports: false };
}

/** The organisation that owns the campaign; undefined when the campaign is gone. */
export async function findCampaignOrganisationId(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organisationId: campaigns.organisationId })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row?.organisationId;
}

export async function setCampaignLogo(db: Database, id: string, logoKey: string) {
  await db.update(campaigns).set({ logoKey }).where(eq(campaigns.id, id));
}

/** Deletes the campaign; its members, conversations and what hangs on them go with it (foreign keys cascade). */
export async function deleteCampaign(db: Database, id: string) {
  await db.delete(campaigns).where(eq(campaigns.id, id));
}

/** Every membership of the campaign, as stored. */
export function listMemberships(db: Database, campaignId: string): Promise<NewMembership[]> {
  return db
    .select({ userId: campaignMembers.userId, role: campaignMembers.role, policy: campaignMembers.policy })
    .from(campaignMembers)
    .where(eq(campaignMembers.campaignId, campaignId));
}

/**
 * The distinct metadata keys of the campaigns' conversations, test conversations aside: from the counts kept per
 * campaign, or only those of one agent's conversations when `onlyAgent` is given.
 */
export function listMetadataKeys(
  db: Database,
  campaignIds: string[],
  onlyAgent: string | null,
): Promise<{ campaignId: string; key: string }[]> {
  if (onlyAgent === null) {
    return db
      .selectDistinct({
        campaignId: conversationMetadataValues.campaignId,
        key: conversationMetadataValues.key,
      })
      .from(conversationMetadataValues)
      .where(
        and(
          inArray(conversationMetadataValues.campaignId, campaignIds),
          gt(conversationMetadataValues.conversations, 0),
        ),
      );
  }
  return db
    .selectDistinct({
      campaignId: sql<string>`${conversations.campaignId}`,
      key: sql<string>`metadata.key`,
    })
    .from(
      sql`${conversations} cross join lateral jsonb_object_keys(${conversations.metadata}) as metadata(key)`,
    )
    .where(
      and(
        inArray(conversations.campaignId, campaignIds),
        eq(conversations.isTest, false),
        eq(conversations.agentId, onlyAgent),
      ),
    );
}
