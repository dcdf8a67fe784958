// The dashboards' daily rollups (figures, phases, topics and items, kept by triggers) against a full recompute: a
// varied data set (types, sentiments, durations, agents or none, test conversations, scores on bins' edges,
// auto-failed, validated, unfinished evaluations, phases, topics, items' answers, starts on midnights and with
// fractions of seconds) is changed in every way the triggers handle, and after each change every graph the rollup serves answers exactly what the direct query over
// conversations and evaluations answers, on ranges of whole days, partial days, open ends and one day's hours.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScoreInterval } from '../../../contract/dashboard-graphs';
import { conversationTypes, sentiments } from '../../../contract/values/enums';
import type { EvaluationStatus } from '../../../contract/evaluations';
import {
  agentsPerformanceOfConversations,
  agentsPerformanceOfDays,
  topicsAnalysisOfConversations,
  topicsAnalysisOfDays,
  typeProportionOfConversations,
  typeProportionOfDays,
} from '../../../server/dashboards/graphs/breakdown-store';
import {
  itemDetailsOfConversations,
  itemDetailsOfDays,
} from '../../../server/dashboards/graphs/item-details-store';
import { kpisOfConversations, kpisOfDays } from '../../../server/dashboards/graphs/kpis-store';
import {
  phasesAverageDurationOfConversations,
  phasesAverageDurationOfDays,
} from '../../../server/conversation-phases/store';
import {
  scoreDistributionOfConversations,
  scoreDistributionOfDays,
  scoreEvolutionOfConversations,
  scoreEvolutionOfDays,
} from '../../../server/dashboards/graphs/score-store';
import { wholeCampaigns, type GraphScope } from '../../../server/dashboards/graphs/scope-store';
import type { DatabaseHandle } from '../../../server/db/client';
import {
  campaigns,
  conversations,
  dashboardDailyFigures,
  dashboardDailyItems,
  dashboardDailyPhases,
  dashboardDailyTopics,
  dashboardHourlyFigures,
  dashboardHourlyItems,
  dashboardHourlyPhases,
  dashboardHourlyTopics,
  evaluations,
  users,
} from '../../../server/db/schema';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluationGrid,
  addOrganisation,
  addUser,
} from '../../fixtures/records';

const hour = 60 * 60;
const day = 24 * hour;
const dayZero = Date.parse('2026-03-01T00:00:00Z') / 1000;

/** A fixed sequence of pseudo-random numbers in [0, 1), so that every run builds the same data set. */
function randomSequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Scores on bins' edges, fractions (2/3 of 100 as `real`), 0 and 100 among ordinary ones. */
const scores = [0, 9.99, 10, 19.5, 33.333332, 50, 66.666664, 70, 89.9, 90, 99.5, 100];

/** Every rollup table: a deleted campaign's rows go from each, and the fills rebuild each from nothing. */
const rollupTables = [
  dashboardDailyFigures,
  dashboardDailyPhases,
  dashboardDailyTopics,
  dashboardDailyItems,
  dashboardHourlyFigures,
  dashboardHourlyPhases,
  dashboardHourlyTopics,
  dashboardHourlyItems,
];

const phaseNames = ['greeting', 'identification', 'diagnosis', 'resolution', 'closing'];

const topicNames = ['billing', 'delivery', 'refund', 'account'];

/** Items' scores: fractions that float8 sums would round differently in different orders, N/A (null). */
const itemScores = [0, 100, 33.333, 66.7, 12.5, 0.1, null];

/** Items' values: yes/no, a level, a number, N/A, an object (counted, no value), JSON null (not an answer). */
const itemValues: unknown[] = ['yes', 'no', 'level-2', 3, 'na', { met: 2, of: 3 }, null];

/**
 * The phases' averages are float8 sums of decimals (seconds like 12.3), which no two summing orders round alike
 * (the direct query's own order is the plan's): they are compared to 12 significant digits.
 */
const toTwelveDigits = (answer: unknown) =>
  JSON.parse(
    JSON.stringify(answer, (_, value: unknown) =>
      typeof value === 'number' ? Number(value.toPrecision(12)) : value,
    ),
  ) as unknown;

/**
 * Ranges whose edges are a few minutes after or before an hour: the hourly rollup is read whole and the minutes
 * between the edge and the hour subtracted (decision 0194). Some conversations start on these seconds or near them.
 */
const nearHours = [
  { start: dayZero - 2 * day + 9 * hour + 10 * 60, end: dayZero + 6 * day + 14 * hour + 40 * 60 },
  { start: dayZero + day + 2 * hour + 10 * 60, end: dayZero + day + 22 * hour + 40 * 60 },
];
/** Starts on those edges, and five minutes either side (inside the hours read whole, in the range or not). */
const onEdges = nearHours.flatMap(({ start, end }) =>
  [start, end].flatMap((edge) => [edge - 5 * 60, edge, edge + 5 * 60]),
);

/**
 * The ranges compared: whole days, partial days at either end, open ends, a few hours of one day, days in a time
 * zone an hour from UTC (Paris in March) and in one half an hour off the hour (India), edges near an hour.
 */
const ranges: { start: number | undefined; end: number | undefined }[] = [
  { start: undefined, end: undefined },
  { start: dayZero, end: dayZero + 10 * day - 1 },
  { start: dayZero, end: dayZero + 10 * day },
  { start: dayZero + 5 * hour + 17, end: dayZero + 12 * day + 7 * hour },
  { start: dayZero - 3 * day + 11 * hour, end: undefined },
  { start: undefined, end: dayZero + 4 * day + 13 * hour },
  { start: dayZero + 2 * day + 3 * hour, end: dayZero + 2 * day + 20 * hour },
  { start: dayZero - 20 * day + 1, end: dayZero + 30 * day },
  { start: dayZero - hour, end: dayZero + 10 * day - hour - 1 },
  { start: dayZero + 3 * day - 5.5 * hour, end: dayZero + 13 * day - 5.5 * hour - 1 },
  ...nearHours,
];

describe.each(testDatabaseKinds)('dashboard rollup on %s', (kind) => {
  let database: DatabaseHandle;
  let campaignIds: string[];
  let agentIds: string[];
  const gridOf = new Map<string, string>();
  const itemOf = new Map<string, string>();
  const random = randomSequence(20_260_301);
  const pick = <Value>(values: readonly Value[]) => values[Math.floor(random() * values.length)] as Value;

  const scopes = (): GraphScope[] => {
    const base = wholeCampaigns(campaignIds);
    return [
      ...ranges.map((range) => ({ ...base, ...range })),
      ...ranges.slice(1, 4).map((range) => ({ ...base, ...range, agentIds: agentIds.slice(0, 2) })),
      ...ranges.slice(1, 4).map((range) => ({ ...base, ...range, onlyAgent: agentIds[1] ?? null })),
      { ...base, ...ranges[3], campaignIds: campaignIds.slice(0, 1) },
    ];
  };

  /** Every rollup-served graph, on every scope, equal to the direct query's answer. */
  async function expectRollupEqualsRecompute() {
    const { db } = database;
    for (const scope of scopes()) {
      const where = JSON.stringify(scope);
      expect(await kpisOfDays(db, scope), where).toEqual(await kpisOfConversations(db, scope));
      for (const interval of [undefined, 'day', 'week', 'month'] as (ScoreInterval | undefined)[]) {
        expect(await scoreEvolutionOfDays(db, scope, interval), where).toEqual(
          await scoreEvolutionOfConversations(db, scope, interval),
        );
      }
      expect(await scoreDistributionOfDays(db, scope), where).toEqual(
        await scoreDistributionOfConversations(db, scope),
      );
      for (const ascending of [true, false]) {
        const order = { ascending, limit: 3 };
        expect(await agentsPerformanceOfDays(db, scope, order), where).toEqual(
          await agentsPerformanceOfConversations(db, scope, order),
        );
      }
      expect(await typeProportionOfDays(db, scope), where).toEqual(
        await typeProportionOfConversations(db, scope),
      );
      expect(toTwelveDigits(await phasesAverageDurationOfDays(db, scope)), where).toEqual(
        toTwelveDigits(await phasesAverageDurationOfConversations(db, scope)),
      );
      expect(await topicsAnalysisOfDays(db, scope), where).toEqual(
        await topicsAnalysisOfConversations(db, scope),
      );
      expect(await itemDetailsOfDays(db, scope), where).toEqual(await itemDetailsOfConversations(db, scope));
    }
  }

  /** Some of the campaign's phases, in order, with their turns and, but for some, their seconds. */
  const phasesFound = () =>
    phaseNames
      .filter(() => random() < 0.7)
      .map((name, index) => {
        const turns = 1 + Math.floor(random() * 6);
        return {
          name,
          marker: name,
          first_turn: index * 6 + 1,
          last_turn: index * 6 + turns,
          turns,
          start_s: null,
          end_s: null,
          duration_s: random() < 0.2 ? null : Math.round(random() * 1200) / 10,
        };
      });

  /** None, one or two topics, now and then one named twice (counted twice, as the graph's unnest counts it). */
  const topicsNamed = () => {
    const named = topicNames.filter(() => random() < 0.3);
    return random() < 0.1 && named[0] ? [...named, named[0]] : named;
  };

  /**
   * A thread's dated turns: the agent writing first now and then, the customer's question, and mostly a reply
   * (minutes to days later), so that emails have a first response or none; chats get the same, which never counts.
   */
  const threadTurns = (startedAt: Date) => {
    const first = Math.floor(startedAt.getTime() / 1000);
    const dated = (speaker: 'agent' | 'customer', sentAt: number) => ({
      speaker,
      text: `${speaker} at ${sentAt}`,
      subject: null,
      start_s: null,
      end_s: null,
      sent_at: sentAt,
      sentiment: null,
    });
    const asked = first + (random() < 0.2 ? 600 : 0);
    const turns = asked === first ? [] : [dated('agent', first)];
    turns.push(dated('customer', asked));
    if (random() < 0.8) turns.push(dated('agent', asked + 60 + Math.floor(random() * 3 * day)));
    return turns;
  };

  /** The grid's item and two items of no grid (the graph lists only the grid's), answered in every way. */
  const itemsAnswered = (campaignId: string) =>
    [itemOf.get(campaignId) as string, 'retired-item', 'other-item']
      .filter(() => random() < 0.85)
      .map((itemId) => ({
        item_id: itemId,
        value: pick(itemValues),
        score: pick(itemScores),
        justification: null,
        evidence: [],
        source: 'ai' as const,
        comment: null,
        not_evaluated_reason: null,
        rule_reason: null,
        needs_review: false,
        failure_detail: null,
      }));

  async function addConversations(count: number) {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const campaignId = pick(campaignIds);
      const onMidnight = index % 9 === 0;
      const seconds = dayZero - 15 * day + Math.floor(random() * 45) * day;
      const startedAt = new Date(
        (index % 9 === 4
          ? pick(onEdges)
          : onMidnight
            ? seconds
            : seconds + Math.floor(random() * day) + random()) * 1000,
      );
      const type = pick(conversationTypes);
      ids.push(
        await addConversation(database.db, {
          campaignId,
          agentId: index % 7 === 0 ? null : pick(agentIds),
          type,
          turns: type === 'call' ? [] : threadTurns(startedAt),
          startedAt,
          sentiment: index % 4 === 0 ? null : pick(sentiments),
          durationSeconds: index % 5 === 0 ? 0 : 30 + Math.floor(random() * 900),
          isTest: index % 11 === 0,
          status: index % 8 === 0 ? 'analysing' : 'ready',
          phases: phasesFound(),
          topics: topicsNamed(),
        }),
      );
    }
    return ids;
  }

  /** An evaluation of each conversation: most done with a score, some done without, some unfinished. */
  async function evaluationsOf(ids: string[]) {
    const rows = await database.db
      .select({ id: conversations.id, campaignId: conversations.campaignId })
      .from(conversations)
      .where(inArray(conversations.id, ids));
    return rows.map(({ id, campaignId }, index) => {
      const status: EvaluationStatus =
        index % 10 === 0 ? pick(['queued', 'running', 'failed'] as const) : 'done';
      const mainScore = status === 'done' && index % 13 !== 0 ? pick(scores) : null;
      return {
        conversationId: id,
        gridId: gridOf.get(campaignId) as string,
        gridVersion: 1,
        engine: 'rules' as const,
        status,
        mainScore,
        autoFailed: mainScore === 0 && index % 2 === 0,
        validated: index % 3 === 0,
        items: itemsAnswered(campaignId) as (typeof evaluations.$inferInsert)['items'],
      };
    });
  }

  async function evaluate(ids: string[]) {
    await database.db.insert(evaluations).values(await evaluationsOf(ids));
  }

  const evaluatedIds = async () =>
    (await database.db.select({ id: evaluations.conversationId }).from(evaluations)).map((row) => row.id);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    const organisationId = await addOrganisation(db, 'Rollup');
    const owner = await addUser(db, { organisationId, email: 'owner@rollup.local' });
    agentIds = [];
    for (const name of ['ada', 'bea', 'cy', 'dan']) {
      agentIds.push(await addUser(db, { organisationId, email: `${name}@rollup.local`, role: 'agent' }));
    }
    campaignIds = [];
    for (const name of ['Rollup one', 'Rollup two', 'Rollup three']) {
      const id = await addCampaign(db, { organisationId, name, members: [{ userId: owner, role: 'owner' }] });
      campaignIds.push(id);
      const { grid, gridItem } = await addEvaluationGrid(db, id, owner);
      gridOf.set(id, grid);
      itemOf.set(id, gridItem);
    }
    const ids = await addConversations(150);
    await evaluate(ids.filter((_, index) => index % 6 !== 0));
  });

  afterAll(async () => {
    await database?.close();
  });

  it('fills the rollup from conversations and evaluations as they are written', async () => {
    await expectRollupEqualsRecompute();
  });

  it('follows evaluations inserted, deleted, re-run, rescored and validated', async () => {
    const { db } = database;
    const evaluated = new Set(await evaluatedIds());
    const all = (await db.select({ id: conversations.id }).from(conversations)).map((row) => row.id);
    await evaluate(all.filter((id) => !evaluated.has(id)).slice(0, 12));
    const ids = await evaluatedIds();
    await db.delete(evaluations).where(inArray(evaluations.conversationId, ids.slice(0, 8)));
    // Re-evaluation: back to running without a score, then done with another score.
    const rerun = ids.slice(8, 20);
    await db
      .update(evaluations)
      .set({ status: 'running', mainScore: null, autoFailed: false })
      .where(inArray(evaluations.conversationId, rerun));
    await expectRollupEqualsRecompute();
    await db
      .update(evaluations)
      .set({ status: 'done', mainScore: 0, autoFailed: true })
      .where(inArray(evaluations.conversationId, rerun.slice(0, 6)));
    await db
      .update(evaluations)
      .set({ status: 'done', mainScore: 80 })
      .where(inArray(evaluations.conversationId, rerun.slice(6)));
    // A person's change of score, one evaluation at a time as the editor saves it.
    for (const [index, id] of ids.slice(20, 30).entries()) {
      await db
        .update(evaluations)
        .set({ mainScore: scores[index] ?? 50, autoFailed: false })
        .where(eq(evaluations.conversationId, id));
    }
    await db
      .update(evaluations)
      .set({ validated: true })
      .where(inArray(evaluations.conversationId, ids.slice(30, 45)));
    await db
      .update(evaluations)
      .set({ validated: false })
      .where(inArray(evaluations.conversationId, ids.slice(45, 55)));
    // A launch: new evaluations and evaluations started again, in one upsert.
    const unevaluated = all.filter((id) => !evaluated.has(id)).slice(12, 16);
    await db
      .insert(evaluations)
      .values(await evaluationsOf([...unevaluated, ...ids.slice(70, 80)]))
      .onConflictDoUpdate({
        target: evaluations.conversationId,
        set: { status: 'queued', mainScore: null, autoFailed: false },
      });
    // Items only: the items' rollup alone changes, answers removed or answered again.
    await db
      .update(evaluations)
      .set({ items: [] })
      .where(inArray(evaluations.conversationId, ids.slice(55, 70)));
    for (const id of ids.slice(80, 90)) {
      const [row] = await db
        .select({ campaignId: conversations.campaignId })
        .from(conversations)
        .where(eq(conversations.id, id));
      await db
        .update(evaluations)
        .set({
          items: itemsAnswered(row?.campaignId as string) as (typeof evaluations.$inferInsert)['items'],
        })
        .where(eq(evaluations.conversationId, id));
    }
    await expectRollupEqualsRecompute();
  });

  it('follows conversations corrected, moved, flagged as tests or not, added and deleted', async () => {
    const { db } = database;
    const all = (await db.select({ id: conversations.id }).from(conversations).orderBy(conversations.id)).map(
      (row) => row.id,
    );
    for (const [index, id] of all.slice(0, 10).entries()) {
      await db
        .update(conversations)
        .set({ agentId: index % 3 === 0 ? null : agentIds[index % agentIds.length] })
        .where(eq(conversations.id, id));
    }
    await db
      .update(conversations)
      .set({ isTest: sql`not ${conversations.isTest}` })
      .where(inArray(conversations.id, all.slice(10, 25)));
    await db
      .update(conversations)
      .set({ startedAt: sql`${conversations.startedAt} + interval '1 day 5 hours'` })
      .where(inArray(conversations.id, all.slice(25, 35)));
    await db
      .update(conversations)
      .set({ type: 'email', sentiment: 'NEGATIVE', durationSeconds: 0 })
      .where(inArray(conversations.id, all.slice(35, 42)));
    await db
      .update(conversations)
      .set({ durationSeconds: 61, sentiment: null })
      .where(inArray(conversations.id, all.slice(42, 48)));
    await db
      .update(conversations)
      .set({ campaignId: campaignIds[0] as string })
      .where(inArray(conversations.id, all.slice(48, 52)));
    // Analysed again: other topics (the items' rollup does not move).
    for (const id of all.slice(96, 110)) {
      await db.update(conversations).set({ topics: topicsNamed() }).where(eq(conversations.id, id));
    }
    // Threads answered again (an email's first response moves) or left unanswered.
    for (const [index, id] of all.slice(110, 120).entries()) {
      const [row] = await db
        .select({ startedAt: conversations.startedAt })
        .from(conversations)
        .where(eq(conversations.id, id));
      const turns = index % 3 === 0 ? [] : threadTurns(row?.startedAt ?? new Date());
      await db.update(conversations).set({ turns }).where(eq(conversations.id, id));
    }
    // A status change (what the jobs write most): nothing the rollup counts changes.
    await db
      .update(conversations)
      .set({ status: 'ready' })
      .where(inArray(conversations.id, all.slice(52, 80)));
    await expectRollupEqualsRecompute();
    await db.delete(conversations).where(inArray(conversations.id, all.slice(80, 95)));
    const added = await addConversations(20);
    await evaluate(added.slice(0, 15));
    await expectRollupEqualsRecompute();
  });

  it('follows an agent deleted and a campaign deleted, whose rows go with it', async () => {
    const { db } = database;
    await db.delete(users).where(eq(users.id, agentIds[3] as string));
    await expectRollupEqualsRecompute();
    const [gone, ...kept] = campaignIds;
    await db.delete(campaigns).where(eq(campaigns.id, gone as string));
    for (const table of rollupTables) {
      expect(
        await db
          .select()
          .from(table)
          .where(eq(table.campaignId, gone as string)),
      ).toEqual([]);
    }
    campaignIds = kept;
    await expectRollupEqualsRecompute();
  });

  it('is filled to the same figures by the migration from the existing rows', async () => {
    const { db } = database;
    const rows = () =>
      db
        .select()
        .from(dashboardDailyFigures)
        .where(
          sql`${dashboardDailyFigures.conversations} <> 0 or ${dashboardDailyFigures.evaluated} <> 0
          or ${dashboardDailyFigures.validated} <> 0`,
        )
        .orderBy(
          dashboardDailyFigures.campaignId,
          dashboardDailyFigures.day,
          dashboardDailyFigures.agentId,
          dashboardDailyFigures.type,
        );
    const phaseRows = () =>
      db
        .select()
        .from(dashboardDailyPhases)
        .where(sql`${dashboardDailyPhases.phases} <> 0`)
        .orderBy(
          dashboardDailyPhases.campaignId,
          dashboardDailyPhases.day,
          dashboardDailyPhases.agentId,
          dashboardDailyPhases.type,
          dashboardDailyPhases.name,
        );
    const topicRows = () =>
      db
        .select()
        .from(dashboardDailyTopics)
        .where(sql`${dashboardDailyTopics.conversations} <> 0`)
        .orderBy(
          dashboardDailyTopics.campaignId,
          dashboardDailyTopics.day,
          dashboardDailyTopics.agentId,
          dashboardDailyTopics.topic,
        );
    // Numeric sums compared as numbers: 12.5 and 12.500 (a sum of 12.500 and 0) are the same sum.
    const itemRows = async () =>
      (
        await db
          .select()
          .from(dashboardDailyItems)
          .where(sql`${dashboardDailyItems.answers} <> 0`)
          .orderBy(
            dashboardDailyItems.campaignId,
            dashboardDailyItems.day,
            dashboardDailyItems.agentId,
            dashboardDailyItems.itemId,
            dashboardDailyItems.value,
          )
      ).map((row) => ({ ...row, scoreSum: Number(row.scoreSum) }));
    // The hourly rollups' rows that count something, every column (numbers compared to 12 digits: phases' sums).
    const hourlyRows = async () => {
      const read = async (table: string, counting: string) =>
        toTwelveDigits(
          (
            (await db.execute(
              sql.raw(`select * from ${table} where ${counting} <> 0 order by 1, 2, 3, 4, 5`),
            )) as { rows: Record<string, unknown>[] }
          ).rows.map((row) =>
            Object.fromEntries(
              Object.entries(row).map(([key, value]) => [
                key,
                typeof value === 'string' && /^-?[\d.]+$/.test(value) ? Number(value) : value,
              ]),
            ),
          ),
        );
      return [
        await read('dashboard_hourly_figures', 'conversations'),
        await read('dashboard_hourly_phases', 'phases'),
        await read('dashboard_hourly_topics', 'conversations'),
        await read('dashboard_hourly_items', 'answers'),
      ];
    };
    const kept = await rows();
    const keptPhases = await phaseRows();
    const keptTopics = await topicRows();
    const keptItems = await itemRows();
    const keptHours = await hourlyRows();
    expect(keptTopics.length).toBeGreaterThan(0);
    expect(keptItems.length).toBeGreaterThan(0);
    expect(keptHours.every((table) => (table as unknown[]).length > 0)).toBe(true);
    // The hours alone, as migration 0028 fills them beside the days it finds.
    for (const table of [
      dashboardHourlyFigures,
      dashboardHourlyPhases,
      dashboardHourlyTopics,
      dashboardHourlyItems,
    ]) {
      await db.delete(table);
    }
    await db.execute(sql`select fill_dashboard_hours()`);
    expect(await hourlyRows()).toEqual(keptHours);
    for (const table of rollupTables) {
      await db.delete(table);
    }
    // In a time zone whose months do not start at UTC midnight: the fill counts UTC days and months whatever it is.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Chatham'`);
      await tx.execute(sql`select fill_dashboard_figures()`);
      await tx.execute(sql`select fill_dashboard_breakdowns()`);
    });
    expect(await rows()).toEqual(kept);
    expect(await topicRows()).toEqual(keptTopics);
    expect(await itemRows()).toEqual(keptItems);
    expect(toTwelveDigits(await phaseRows())).toEqual(toTwelveDigits(keptPhases));
    expect(await hourlyRows()).toEqual(keptHours);
  });
});
