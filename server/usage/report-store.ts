// The usage report's SQL: an organisation's usage of a period (its whole days from the daily rollup, its partial
// days from the events) summed in one pass, then per campaign, per bucket of time and per feature, engine and model
// (grouping sets), each apart for test conversations; and the campaigns a filter names.
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { UsageGrouping, UsageKind } from '../../contract/usage';
import type { Database } from '../db/client';
import { edges, wholeDays } from '../domain/day-ranges';
import { campaigns, usageDaily, usageEvents } from '../db/schema';

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

/** A UTC day's date, `YYYY-MM-DD`, of a day start in Unix seconds. */
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The rows `sumUsage` adds up, with the same columns: the whole UTC days of the period read from the rollup
 * (`usage_daily`, kept by triggers, migration 0027), the partial days at its ends read from the events, as the
 * dashboards' daily figures do. Quantities are `numeric` so that the sums are exact, whatever rows they add.
 */
function usageRows(filter: UsageFilter, groupBy: UsageGrouping): SQL {
  // The grouping is one of the contract's words (the query's schema checks it), written into the statement.
  const bucket = (time: SQL) => sql`date_trunc('${sql.raw(groupBy)}', ${time})`;
  const days = wholeDays({ start: filter.start, end: filter.end });
  const parts = edges({ start: filter.start, end: filter.end }, days).map(
    (edge) => sql`select ${usageEvents.test} as test, ${usageEvents.kind} as kind,
        ${usageEvents.campaignId} as campaign_id,
        ${bucket(sql`${usageEvents.createdAt} at time zone 'UTC'`)} as bucket, ${usageEvents.feature} as feature,
        ${usageEvents.engine} as engine, ${usageEvents.model} as model, ${usageEvents.quantity}::numeric as quantity,
        ${usageEvents.tokensIn}::numeric as tokens_in, ${usageEvents.tokensOut}::numeric as tokens_out
      from ${usageEvents}
      where ${and(
        usageWhere({ ...filter, start: undefined, end: undefined }),
        edge.start === undefined ? undefined : gte(usageEvents.createdAt, sql`to_timestamp(${edge.start})`),
        edge.end === undefined
          ? undefined
          : (edge.endIncluded ? lte : lt)(usageEvents.createdAt, sql`to_timestamp(${edge.end})`),
      )}`,
  );
  if (days) {
    parts.push(sql`select ${usageDaily.test} as test, ${usageDaily.kind} as kind,
        ${usageDaily.campaignId} as campaign_id, ${bucket(sql`${usageDaily.day}::timestamp`)} as bucket,
        ${usageDaily.feature} as feature, ${usageDaily.engine} as engine, ${usageDaily.model} as model,
        ${usageDaily.quantity} as quantity, ${usageDaily.tokensIn}::numeric as tokens_in,
        ${usageDaily.tokensOut}::numeric as tokens_out
      from ${usageDaily}
      where ${and(
        eq(usageDaily.organisationId, filter.organisationId),
        days.from === undefined ? undefined : sql`${usageDaily.day} >= ${dayOf(days.from)}::date`,
        days.to === undefined ? undefined : sql`${usageDaily.day} < ${dayOf(days.to)}::date`,
        filter.campaignIds ? inArray(usageDaily.campaignId, [...filter.campaignIds]) : undefined,
        sql`${usageDaily.events} <> 0`,
      )}`);
  }
  return sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
}

/**
 * The statement of `sumUsage` (exported for its EXPLAIN in the benchmark): the grouping sets of the rows
 * (`usageRows`, a few per day and key), each a small hash table. Sorted, so that the presentation adds the same
 * sums in the same order at every call.
 */
export function usageSumsQuery(filter: UsageFilter, groupBy: UsageGrouping): SQL {
  return sql`select grouping(campaign_id) = 0 as "byCampaign", grouping(bucket) = 0 as "byPeriod", test, kind,
      campaign_id as "campaignId", to_char(bucket, 'YYYY-MM-DD') as "periodStart", feature, engine, model,
      sum(quantity)::float8 as quantity, sum(tokens_in)::float8 as "tokensIn", sum(tokens_out)::float8 as "tokensOut"
    from (${usageRows(filter, groupBy)}) as usage_rows
    group by grouping sets (
      (test, kind, campaign_id),
      (test, kind, bucket),
      (test, kind, feature, engine, model)
    )
    order by 1, 2, test, kind, campaign_id, bucket, feature, engine, model`;
}

export async function sumUsage(
  db: Database,
  filter: UsageFilter,
  groupBy: UsageGrouping,
): Promise<UsageSum[]> {
  // The rows of a year (a few hundred a day) fit in memory: sorted or hashed there instead of on disk.
  const { rows } = (await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return tx.execute(usageSumsQuery(filter, groupBy));
  })) as { rows: SumRow[] };
  return rows.map(({ byCampaign, byPeriod, ...sum }) => ({
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
