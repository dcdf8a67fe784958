// The admin figures' SQL: whether the campaigns and organisations filtered by exist, and per organisation the
// period's conversations, finished evaluations, call hours (test conversations aside) and active people (those who
// signed in or acted), each counted in the database.
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AdminKpiFigures, AdminKpis } from '../../contract/admin';
import type { Database } from '../db/client';
import {
  campaignMembers,
  campaigns,
  conversations,
  discussionMessages,
  evaluationItemUpdates,
  evaluations,
  organisations,
  sessions,
  users,
} from '../db/schema';

const filterTables = { campaigns, organisations };

/** The tables whose rows the figures may be filtered by. */
export type FilterTable = keyof typeof filterTables;

/** How many of the ids (distinct) name a row of the table. */
export async function countExisting(
  db: Database,
  name: FilterTable,
  ids: readonly string[],
): Promise<number> {
  const table = filterTables[name];
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return found.length;
}

export interface AdminKpisFilter {
  /** Unix seconds, inclusive. */
  start?: number | undefined;
  end?: number | undefined;
  campaignIds?: string[] | undefined;
  organisationIds?: string[] | undefined;
}

/** `column` within the filter's time range. */
function within(column: SQL, { start, end }: AdminKpisFilter) {
  return and(
    start === undefined ? undefined : gte(column, sql`to_timestamp(${start})`),
    end === undefined ? undefined : lte(column, sql`to_timestamp(${end})`),
  );
}

/** The organisations listed: every one or those asked for, narrowed to the campaigns' owners when some are given. */
function listedOrganisations(db: Database, filter: AdminKpisFilter) {
  const { campaignIds, organisationIds } = filter;
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(
      and(
        organisationIds ? inArray(organisations.id, organisationIds) : undefined,
        campaignIds
          ? inArray(
              organisations.id,
              db
                .select({ id: campaigns.organisationId })
                .from(campaigns)
                .where(inArray(campaigns.id, campaignIds)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/** Per organisation: the period's conversations, their finished evaluations and their calls' seconds. */
function conversationFigures(db: Database, filter: AdminKpisFilter) {
  return db
    .select({
      organisationId: campaigns.organisationId,
      conversations: sql<number>`count(*)::int`,
      evaluations: sql<number>`(count(${evaluations.conversationId}) filter (where ${evaluations.status} = 'done'))::int`,
      callSeconds: sql<number>`coalesce(sum(${conversations.durationSeconds}) filter (where ${conversations.type} = 'call'), 0)::bigint`,
    })
    .from(conversations)
    .innerJoin(campaigns, eq(campaigns.id, conversations.campaignId))
    .leftJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(
      and(
        eq(conversations.isTest, false),
        within(sql`${conversations.startedAt}`, filter),
        filter.campaignIds ? inArray(conversations.campaignId, filter.campaignIds) : undefined,
        filter.organisationIds ? inArray(campaigns.organisationId, filter.organisationIds) : undefined,
      ),
    )
    .groupBy(campaigns.organisationId);
}

/**
 * Per organisation, the people active in the period: one row per sign-in (a login or a session renewal, which
 * the app makes while it is open) or action on a conversation (an item answered or commented, an evaluation
 * validated, a discussion message). With campaigns, an action counts on their conversations and a sign-in when
 * the person is a member of one of them.
 */
async function activeUsers(db: Database, filter: AdminKpisFilter) {
  const { campaignIds } = filter;
  const action = (userId: SQL, at: SQL, conversationId: SQL, from: SQL) =>
    sql`select ${userId} as user_id, ${conversations.campaignId} as campaign_id
      from ${from} join ${conversations} on ${conversations.id} = ${conversationId}
      where ${within(at, filter) ?? sql`true`}`;
  const signIns = sql`select ${sessions.userId} as user_id, null::uuid as campaign_id from ${sessions}
    where ${within(sql`${sessions.createdAt}`, filter) ?? sql`true`}`;
  const actions = sql.join(
    [
      action(
        sql`${evaluationItemUpdates.userId}`,
        sql`${evaluationItemUpdates.createdAt}`,
        sql`${evaluationItemUpdates.conversationId}`,
        sql`${evaluationItemUpdates}`,
      ),
      action(
        sql`${evaluations.validatedBy}`,
        sql`${evaluations.validatedAt}`,
        sql`${evaluations.conversationId}`,
        sql`${evaluations}`,
      ),
      action(
        sql`${discussionMessages.authorId}`,
        sql`${discussionMessages.createdAt}`,
        sql`${discussionMessages.conversationId}`,
        sql`${discussionMessages}`,
      ),
    ],
    sql` union all `,
  );
  const inCampaigns = campaignIds
    ? sql`and (activity.campaign_id in ${campaignIds} or (activity.campaign_id is null and exists (
        select 1 from ${campaignMembers} where ${campaignMembers.userId} = activity.user_id
          and ${campaignMembers.campaignId} in ${campaignIds})))`
    : sql``;
  const inOrganisations = filter.organisationIds
    ? sql`and ${users.organisationId} in ${filter.organisationIds}`
    : sql``;
  const query = sql`select ${users.organisationId} as "organisationId", count(distinct ${users.id})::int as count
    from (${signIns} union all ${actions}) as activity
    join ${users} on ${users.id} = activity.user_id
    where ${users.organisationId} is not null ${inCampaigns} ${inOrganisations}
    group by ${users.organisationId}`;
  return ((await db.execute(query)) as { rows: { organisationId: string; count: number }[] }).rows;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** The figures per organisation listed, with their sums; audio hours rounded to the hundredth. */
export async function findAdminKpis(db: Database, filter: AdminKpisFilter): Promise<AdminKpis> {
  const [listed, figures, active] = await Promise.all([
    listedOrganisations(db, filter),
    conversationFigures(db, filter),
    activeUsers(db, filter),
  ]);
  const figuresOf = new Map(figures.map((row) => [row.organisationId, row]));
  const activeOf = new Map(active.map((row) => [row.organisationId, Number(row.count)]));
  const totals: AdminKpiFigures = { conversations: 0, evaluations: 0, audio_hours: 0, active_users: 0 };
  let totalSeconds = 0;
  const rows = listed.map(({ id, name }) => {
    const row = figuresOf.get(id);
    const seconds = Number(row?.callSeconds ?? 0);
    const figuresRow = {
      id,
      name,
      conversations: row?.conversations ?? 0,
      evaluations: row?.evaluations ?? 0,
      audio_hours: hours(seconds),
      active_users: activeOf.get(id) ?? 0,
    };
    totalSeconds += seconds;
    totals.conversations += figuresRow.conversations;
    totals.evaluations += figuresRow.evaluations;
    totals.active_users += figuresRow.active_users;
    return figuresRow;
  });
  totals.audio_hours = hours(totalSeconds);
  return { organisations: rows, totals };
}
