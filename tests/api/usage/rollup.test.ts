// The usage report served from the daily rollup (`usage_daily`, migration 0027) answers exactly what the events
// themselves sum to: on periods with partial days at their ends, whole days, open ends, a single day; one campaign
// or several; by day, week and month; after events are added one by one and in bulk, after a campaign is deleted
// (its events move to no campaign), a conversation deleted and another organisation deleted. The reference is the
// report's grouping sets taken straight over the events, presented by the same code; the rollup is also compared
// row by row with the events summed per key.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationUsage, UsageGrouping } from '../../../contract/usage';
import { demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { campaigns, conversations, organisations, usageEvents } from '../../../server/db/schema';
import { toOrganisationUsage } from '../../../server/usage/present';
import { campaignNames, type UsageFilter, type UsageSum } from '../../../server/usage/report-store';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addOrganisation } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

type EventRow = typeof usageEvents.$inferInsert;

const seconds = (iso: string) => new Date(iso).getTime() / 1000;
const groupings: UsageGrouping[] = ['day', 'week', 'month'];

/** Periods as `[startTs, endTs]` (inclusive, undefined when open). */
const periods: [string, number | undefined, number | undefined][] = [
  ['partial days at both ends', seconds('2031-01-03T13:20:00Z'), seconds('2031-03-02T07:45:30Z')],
  ['whole days', seconds('2031-01-06T00:00:00Z'), seconds('2031-02-28T23:59:59Z')],
  ['ending on a midnight', seconds('2031-01-06T00:00:00Z'), seconds('2031-02-10T00:00:00Z')],
  ['within one day', seconds('2031-02-10T06:00:00Z'), seconds('2031-02-10T23:59:59Z')],
  ['open at the start', undefined, seconds('2031-02-14T12:00:00Z')],
  ['open at the end', seconds('2031-01-20T18:00:00Z'), undefined],
  ['open at both ends', undefined, undefined],
];

/** A fixed pseudo-random sequence in [0, 1), so that every run writes the same events. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * The report's sums taken straight over the events of the filter: the grouping sets of the usage report without
 * the rollup, in the report's order.
 */
async function rawSums(t: TestApp, filter: UsageFilter, groupBy: UsageGrouping): Promise<UsageSum[]> {
  const conditions = [
    sql`organisation_id = ${filter.organisationId}`,
    filter.start === undefined ? sql`true` : sql`created_at >= to_timestamp(${filter.start})`,
    filter.end === undefined ? sql`true` : sql`created_at <= to_timestamp(${filter.end})`,
    filter.campaignIds
      ? sql`campaign_id in (${sql.join(
          filter.campaignIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`true`,
  ];
  const { rows } = (await t.database.db.execute(sql`
    select grouping(campaign_id) = 0 as "byCampaign", grouping(bucket) = 0 as "byPeriod", test, kind,
      campaign_id as "campaignId", to_char(bucket, 'YYYY-MM-DD') as "periodStart", feature, engine, model,
      sum(quantity::numeric)::float8 as quantity, sum(tokens_in)::float8 as "tokensIn",
      sum(tokens_out)::float8 as "tokensOut"
    from (
      select *, date_trunc(${groupBy}, created_at at time zone 'UTC') as bucket from usage_events
      where ${sql.join(conditions, sql` and `)}
    ) as events
    group by grouping sets ((test, kind, campaign_id), (test, kind, bucket), (test, kind, feature, engine, model))
    order by 1, 2, test, kind, campaign_id, bucket, feature, engine, model
  `)) as { rows: (Omit<UsageSum, 'grouping'> & { byCampaign: boolean; byPeriod: boolean })[] };
  return rows.map(({ byCampaign, byPeriod, ...sum }) => ({
    ...sum,
    grouping: byCampaign ? 'campaign' : byPeriod ? 'period' : 'engine',
  }));
}

describe.each(testDatabaseKinds)('the usage report from the daily rollup on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let organisation: string;
  let other: string;
  const campaign = { north: '', south: '', gone: '' };
  let conversation: string;
  const random = sequence(11);

  /** An event of the organisation at `createdAt`, of a kind picked from the sequence. */
  function event(createdAt: Date, extra: Partial<EventRow> = {}): EventRow {
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)] as T;
    const campaignId = pick([campaign.north, campaign.south, campaign.gone, null]);
    const test = random() < 0.15;
    const common = {
      id: newId(createdAt),
      organisationId: organisation,
      campaignId,
      conversationId: null,
      test,
    };
    const shapes: Omit<EventRow, keyof typeof common | 'createdAt'>[] = [
      { kind: 'conversation', unit: 'conversation', quantity: 1, feature: 'ingestion', engine: 'text' },
      {
        kind: 'transcription',
        unit: 'second',
        // Seconds with decimals: their sum in float8 would depend on the order of adding.
        quantity: Math.round(random() * 100_000) / 100,
        feature: 'transcription',
        engine: 'local',
        model: pick(['tiny', 'base']),
      },
      {
        kind: 'evaluation',
        unit: 'evaluation',
        quantity: 1,
        feature: 'evaluation',
        engine: pick(['rules', 'llm']),
      },
      {
        kind: 'llm_call',
        unit: 'call',
        quantity: 1,
        tokensIn: Math.floor(random() * 5000),
        tokensOut: Math.floor(random() * 800),
        feature: pick(['analysis', 'evaluation', 'item_test']),
        engine: 'llm',
        model: pick(['analyst', null]),
      },
      {
        kind: 'translation',
        unit: 'character',
        quantity: Math.floor(random() * 3000),
        feature: 'translation',
        engine: pick(['llm', 'apertium']),
      },
    ];
    return { ...common, ...pick(shapes), createdAt, ...extra };
  }

  /** `count` events between January 1st and March 10th 2031, some at midnight and the second before. */
  function events(count: number): EventRow[] {
    const start = seconds('2031-01-01T00:00:00Z');
    return Array.from({ length: count }, (_, index) => {
      const day = Math.floor(random() * 68);
      const within = [0, 86_399.5, Math.floor(random() * 86_400_000) / 1000][index % 3] as number;
      return event(new Date((start + day * 86_400 + within) * 1000));
    });
  }

  const query = (
    start: number | undefined,
    end: number | undefined,
    groupBy: UsageGrouping,
    ids?: string[],
  ) =>
    [
      start === undefined ? [] : [`startTs=${start}`],
      end === undefined ? [] : [`endTs=${end}`],
      [`groupBy=${groupBy}`],
      (ids ?? []).map((id) => `campaigns=${id}`),
    ]
      .flat()
      .join('&');

  /** Every period, grouping and campaign filter: the API's report equals the one summed from the events. */
  async function expectReportsOfTheEvents(campaignFilters: (string[] | undefined)[]) {
    for (const [label, start, end] of periods) {
      for (const groupBy of groupings) {
        for (const campaignIds of campaignFilters) {
          const response = await t.app.inject({
            url: `/api/organisations/${organisation}/usage?${query(start, end, groupBy, campaignIds)}`,
            headers: bearer(admin),
          });
          expect(response.statusCode).toBe(200);
          const sums = await rawSums(t, { organisationId: organisation, start, end, campaignIds }, groupBy);
          const ids = [...new Set(sums.flatMap((sum) => (sum.campaignId ? [sum.campaignId] : [])))];
          const expected = toOrganisationUsage(sums, groupBy, await campaignNames(t.database.db, ids));
          expect(response.json() as OrganisationUsage, `${label} by ${groupBy}, ${campaignIds}`).toEqual(
            expected,
          );
        }
      }
    }
  }

  /** The rollup's rows (those not fallen to zero) are the events summed per key. */
  async function expectRollupOfTheEvents() {
    const key = sql.raw(
      `organisation_id, (created_at at time zone 'UTC')::date, campaign_id, kind, unit, feature, engine, model, test`,
    );
    const { rows } = (await t.database.db.execute(sql`
      (select ${key}, count(*)::bigint, sum(quantity::numeric), sum(tokens_in)::bigint, sum(tokens_out)::bigint
        from usage_events group by ${key}
       except all
       select organisation_id, day, campaign_id, kind, unit, feature, engine, model, test, events, quantity,
        tokens_in, tokens_out from usage_daily where events <> 0)
      union all
      (select organisation_id, day, campaign_id, kind, unit, feature, engine, model, test, events, quantity,
        tokens_in, tokens_out from usage_daily where events <> 0
       except all
       select ${key}, count(*)::bigint, sum(quantity::numeric), sum(tokens_in)::bigint, sum(tokens_out)::bigint
        from usage_events group by ${key})
    `)) as { rows: unknown[] };
    expect(rows).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    const { db } = t.database;
    admin = await t.accessToken(demoUsers.admin.email);
    organisation = await addOrganisation(db, 'Rollup Org');
    campaign.north = await addCampaign(db, { organisationId: organisation, name: 'North' });
    campaign.south = await addCampaign(db, { organisationId: organisation, name: 'South' });
    campaign.gone = await addCampaign(db, { organisationId: organisation, name: 'Gone' });
    conversation = await addConversation(db, { campaignId: campaign.north, agentId: null });
    other = await addOrganisation(db, 'Rollup Elsewhere');
    const elsewhere = await addCampaign(db, { organisationId: other, name: 'Elsewhere' });
    // Events in bulk, then another organisation's (never in the report).
    await db.insert(usageEvents).values(events(600));
    await db
      .insert(usageEvents)
      .values(events(40).map((row) => ({ ...row, organisationId: other, campaignId: elsewhere })));
  });
  afterAll(() => t.close());

  it('answers what the events sum to, on every period, grouping and campaign filter', async () => {
    await expectRollupOfTheEvents();
    await expectReportsOfTheEvents([undefined, [campaign.north], [campaign.south, campaign.gone]]);
  });

  it('still does after events are added one by one, some naming a conversation', async () => {
    const { db } = t.database;
    for (const row of events(30)) {
      await db
        .insert(usageEvents)
        .values({ ...row, campaignId: campaign.north, conversationId: conversation });
    }
    // The same key twice in one statement.
    const moment = new Date('2031-02-10T12:00:00Z');
    await db
      .insert(usageEvents)
      .values([event(moment), event(moment)].map((row) => ({ ...row, test: true })));
    await expectRollupOfTheEvents();
    await expectReportsOfTheEvents([undefined, [campaign.north]]);
  });

  it('moves a deleted campaign’s events to no campaign, and a deleted conversation changes nothing', async () => {
    const { db } = t.database;
    await db.delete(conversations).where(eq(conversations.id, conversation));
    await db.delete(campaigns).where(eq(campaigns.id, campaign.gone));
    const { rows } = (await db.execute(
      sql`select count(*)::int as moved from usage_events where organisation_id = ${organisation} and campaign_id is null`,
    )) as { rows: { moved: number }[] };
    expect(rows[0]?.moved).toBeGreaterThan(150);
    await expectRollupOfTheEvents();
    await expectReportsOfTheEvents([undefined, [campaign.south]]);
  });

  it('goes with a deleted organisation, and the report of the others is unchanged', async () => {
    const { db } = t.database;
    // Its campaigns first (they do not cascade), their events moving to no campaign, then the organisation.
    await db.delete(campaigns).where(eq(campaigns.organisationId, other));
    await db.delete(organisations).where(eq(organisations.id, other));
    const { rows } = (await db.execute(
      sql`select count(*)::int as left from usage_daily where organisation_id = ${other}`,
    )) as { rows: { left: number }[] };
    expect(rows[0]?.left).toBe(0);
    await expectRollupOfTheEvents();
    await expectReportsOfTheEvents([undefined]);
  });
});
