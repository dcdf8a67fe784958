// The usage report's SQL: an organisation's events of a period summed in one pass over them, then per campaign,
// per bucket of time and per feature, engine and model (grouping sets), each apart for test conversations; and
// the campaigns a filter names.
import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { UsageGrouping, UsageKind } from '../../contract/usage';
import type { Database } from '../db/client';
import { campaigns, usageEvents } from '../db/schema';

export interface UsageFilter {
  organisationId: string;
  /** Unix seconds, inclusive; open when absent. */
  start?: number | undefined;
  end?: number | undefined;
  campaignIds?: readonly string[] | undefined;
}

/** The events of the filter: the organisation's, in the period, of these campaigns. */
export function usageWhere({ organisationId, start, end, campaignIds }: UsageFilter): SQL | undefined {
  return and(
    eq(usageEvents.organisationId, organisationId),
    start === undefined ? undefined : gte(usageEvents.createdAt, sql`to_timestamp(${start})`),
    end === undefined ? undefined : lte(usageEvents.createdAt, sql`to_timestamp(${end})`),
    campaignIds ? inArray(usageEvents.campaignId, [...campaignIds]) : undefined,
  );
}

/** One sum of the report: which grouping it belongs to is told by the fields it holds (null otherwise). */
export interface UsageSum {
  grouping: 'campaign' | 'period' | 'engine';
  test: boolean;
  kind: UsageKind;
  campaignId: string | null;
  /** `YYYY-MM-DD`, the bucket's first day in UTC. */
  periodStart: string | null;
  feature: string | null;
  engine: string | null;
  model: string | null;
  quantity: number;
  tokensIn: number;
  tokensOut: number;
}

interface SumRow extends Omit<UsageSum, 'grouping'> {
  byCampaign: boolean;
  byPeriod: boolean;
}

/**
 * The statement of `sumUsage` (exported for its EXPLAIN in the benchmark). The events are first summed once per
 * test, kind, campaign, bucket, feature, engine and model (one hash over the events), and the grouping sets are
 * taken of those few sums: grouping sets straight over the events sort every event once per set.
 */
export function usageSumsQuery(db: Database, filter: UsageFilter, groupBy: UsageGrouping) {
  // The grouping is one of the contract's words, written into the statement so that the bucket grouped by and the
  // bucket selected are the same expression (two parameters would be two expressions to PostgreSQL).
  const bucket = sql`date_trunc('${sql.raw(groupBy)}', ${usageEvents.createdAt} at time zone 'UTC')`;
  const sums = db.$with('sums').as(
    db
      .select({
        test: usageEvents.test,
        kind: usageEvents.kind,
        campaignId: usageEvents.campaignId,
        bucket: sql<string>`${bucket}`.as('bucket'),
        feature: usageEvents.feature,
        engine: usageEvents.engine,
        model: usageEvents.model,
        quantity: sql<number>`sum(${usageEvents.quantity})`.as('quantity'),
        tokensIn: sql<number>`sum(${usageEvents.tokensIn})`.as('tokens_in'),
        tokensOut: sql<number>`sum(${usageEvents.tokensOut})`.as('tokens_out'),
      })
      .from(usageEvents)
      .where(usageWhere(filter))
      .groupBy(
        usageEvents.test,
        usageEvents.kind,
        usageEvents.campaignId,
        bucket,
        usageEvents.feature,
        usageEvents.engine,
        usageEvents.model,
      ),
  );
  return db
    .with(sums)
    .select({
      byCampaign: sql<boolean>`grouping(${sums.campaignId}) = 0`,
      byPeriod: sql<boolean>`grouping(${sums.bucket}) = 0`,
      test: sums.test,
      kind: sums.kind,
      campaignId: sums.campaignId,
      periodStart: sql<string | null>`to_char(${sums.bucket}, 'YYYY-MM-DD')`,
      feature: sums.feature,
      engine: sums.engine,
      model: sums.model,
      quantity: sql<number>`sum(${sums.quantity})::float8`,
      tokensIn: sql<number>`sum(${sums.tokensIn})::float8`,
      tokensOut: sql<number>`sum(${sums.tokensOut})::float8`,
    })
    .from(sums)
    .groupBy(
      sql`grouping sets (
        (${sums.test}, ${sums.kind}, ${sums.campaignId}),
        (${sums.test}, ${sums.kind}, ${sums.bucket}),
        (${sums.test}, ${sums.kind}, ${sums.feature}, ${sums.engine}, ${sums.model})
      )`,
    );
}

export async function sumUsage(
  db: Database,
  filter: UsageFilter,
  groupBy: UsageGrouping,
): Promise<UsageSum[]> {
  const rows = await usageSumsQuery(db, filter, groupBy);
  return (rows as SumRow[]).map(({ byCampaign, byPeriod, ...sum }) => ({
    ...sum,
    grouping: byCampaign ? 'campaign' : byPeriod ? 'period' : 'engine',
  }));
}

/** The names of these campaigns, by id (a deleted campaign's events name none). */
export async function campaignNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(inArray(campaigns.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** How many of these campaigns belong to the organisation. */
export async function countOrganisationCampaigns(
  db: Database,
  organisationId: string,
  ids: readonly string[],
): Promise<number> {
  return db.$count(
    campaigns,
    and(eq(campaigns.organisationId, organisationId), inArray(campaigns.id, [...ids])),
  );
}
