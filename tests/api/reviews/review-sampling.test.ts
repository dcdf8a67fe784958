// Review rules sampling conversations as their evaluations are written, and the period pass: picks by the seeded
// draw (a re-run never reshuffles or gives twice), never to the conversation's agent, never a test conversation,
// spread by open load, per-agent quotas with the previous period's share; at a period's opening, the closed
// period's pending assignments expire, short agents are refilled, the pool is given out, once however often it
// runs; and one notification per reviewer for a batch, pushed live.
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../../contract/live';
import type { ReviewRule, ReviewRuleInput } from '../../../contract/reviews';
import type { Database, DatabaseHandle } from '../../../server/db/client';
import { campaignMembers, evaluations, notifications, reviewAssignments } from '../../../server/db/schema';
import { draws, periodOf, previousPeriodOf, quotaTakes } from '../../../server/domain/review-sampling';
import { afterEvaluation } from '../../../server/jobs/pipeline';
import type { LiveHub } from '../../../server/live/hub';
import { assignByHand } from '../../../server/reviews/assignments-store';
import { passRule, runReviewPeriodPass } from '../../../server/reviews/period-pass';
import {
  createPreviousPeriodCounts,
  previousPeriodMatches,
} from '../../../server/reviews/previous-period-counts';
import { listReviewRules } from '../../../server/reviews/rules-store';
import { writeReviewRules } from '../../../server/reviews/rules-service';
import { sampleEvaluatedConversation } from '../../../server/reviews/sampling-service';
import { insertRuleAssignment } from '../../../server/reviews/sampling-store';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluationGrid,
  addOrganisation,
  addStoredEvaluation,
  addUser,
  type TestConversation,
} from '../../fixtures/records';

const hourMs = 60 * 60 * 1000;

/** A hub that keeps what it would push, by user. */
function recordingHub() {
  const pushed: { userId: string; message: LiveMessage }[] = [];
  const hub: LiveHub = {
    attach: () => undefined,
    publish: async (_db, userId, message) => {
      pushed.push({ userId, message });
    },
    publishToUsers: async (_db, userIds, message) => {
      for (const userId of userIds) pushed.push({ userId, message });
    },
    close: async () => undefined,
  };
  return { hub, pushed };
}

describe.each(testDatabaseKinds)('review sampling on %s', (kind) => {
  let database: DatabaseHandle;
  let db: Database;
  let organisationId: string;
  let owner: string;
  let worlds = 0;
  const recording = recordingHub();
  const { hub, pushed } = recording;
  const sampling = { hub, previousPeriodCounts: createPreviousPeriodCounts() };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    organisationId = await addOrganisation(db, 'Sampling');
    owner = await addUser(db, { organisationId, email: 'owner@sampling.test' });
  });
  afterAll(() => database.close());
  beforeEach(() => {
    pushed.length = 0;
  });

  /** A campaign of its own with two reviewers and two agents, so that loads and quotas start from nothing. */
  async function world() {
    worlds += 1;
    const user = (name: string, role: 'supervisor' | 'agent' = 'supervisor') =>
      addUser(db, { organisationId, email: `${name}-${worlds}@sampling.test`, role });
    const [r1, r2, a1, a2] = [
      await user('r1'),
      await user('r2'),
      await user('a1', 'agent'),
      await user('a2', 'agent'),
    ];
    const reviewerMember = (userId: string) => ({
      userId,
      role: 'editor' as const,
      policy: { can_edit_settings: true },
    });
    const campaign = await addCampaign(db, {
      organisationId,
      name: `Sampled ${worlds}`,
      members: [{ userId: owner, role: 'owner' }, reviewerMember(r1), reviewerMember(r2)],
    });
    const { grid, gridItem } = await addEvaluationGrid(db, campaign, owner);

    const rules = async (...input: Partial<ReviewRuleInput>[]): Promise<ReviewRule[]> =>
      writeReviewRules(
        db,
        { id: campaign, organisationId },
        input.map((rule, index) => ({
          name: `Rule ${index + 1}`,
          enabled: true,
          filters: {},
          quota: { all: true },
          reviewers: [r1, r2],
          due_in_days: 3,
          ...rule,
        })),
      );

    /** A conversation with a finished evaluation (not sampled). */
    const evaluated = async (
      conversation: Omit<TestConversation, 'campaignId'>,
      evaluation: { mainScore?: number; needsReview?: boolean } = {},
    ) => {
      const id = await addConversation(db, { campaignId: campaign, ...conversation });
      await addStoredEvaluation(db, {
        conversationId: id,
        gridId: grid,
        mainScore: evaluation.mainScore ?? 100,
        itemScores: { [gridItem]: evaluation.mainScore ?? 100 },
      });
      if (evaluation.needsReview) {
        const [row] = await db.select().from(evaluations).where(eq(evaluations.conversationId, id));
        await db
          .update(evaluations)
          .set({ items: (row?.items ?? []).map((item) => ({ ...item, needs_review: true })) })
          .where(eq(evaluations.conversationId, id));
      }
      return id;
    };

    const assignments = () =>
      db
        .select()
        .from(reviewAssignments)
        .where(eq(reviewAssignments.campaignId, campaign))
        .orderBy(reviewAssignments.id);

    return { campaign, r1, r2, a1, a2, rules, evaluated, assignments };
  }

  const sample = (conversationId: string, now = new Date()) =>
    sampleEvaluatedConversation(db, sampling, conversationId, now);

  const ruleRow = async (campaign: string, ruleId: string) => {
    const row = (await listReviewRules(db, campaign)).find((rule) => rule.id === ruleId);
    if (!row) throw new Error(`No rule ${ruleId}`);
    return row;
  };

  const reviewsAssigned = (userId: string) =>
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'REVIEWS_ASSIGNED')))
      .orderBy(notifications.id);

  it('samples a conversation as the pipeline writes its evaluation, due after the rule’s days; never a test one', async () => {
    const w = await world();
    await w.rules({ due_in_days: 5 });
    const conversation = await w.evaluated({ agentId: w.a1 });
    const test = await w.evaluated({ agentId: w.a1, isTest: true });

    const before = Date.now();
    await db.transaction(async (tx) => {
      await afterEvaluation(tx, sampling, conversation);
      await afterEvaluation(tx, sampling, test);
    });

    const [assignment, ...others] = await w.assignments();
    expect(others).toEqual([]);
    expect(assignment).toMatchObject({ conversationId: conversation, status: 'pending', periodStart: null });
    expect([w.r1, w.r2]).toContain(assignment?.reviewerId);
    const due = (assignment?.dueAt?.getTime() ?? 0) - before;
    expect(due).toBeGreaterThanOrEqual(5 * 24 * hourMs);
    expect(due).toBeLessThan(5 * 24 * hourMs + hourMs);
  });

  it('takes a share by the seeded draw, and running again, even a week later, changes nothing', async () => {
    const w = await world();
    const [rule] = await w.rules({ quota: { percent: 50 } });
    const ids: string[] = [];
    for (let n = 0; n < 20; n += 1) ids.push(await w.evaluated({ agentId: n % 2 ? w.a1 : w.a2 }));
    for (const id of ids) await sample(id);

    const expected = ids.filter((id) => draws(rule?.id ?? '', null, id).take < 0.5).sort();
    const taken = await w.assignments();
    expect(taken.map((row) => row.conversationId).sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(20);

    const weekLater = new Date(Date.now() + 7 * 24 * hourMs);
    for (const id of ids) await sample(id, weekLater);
    expect(await w.assignments()).toEqual(taken);
  });

  it('never gives a conversation to its agent; with no one else eligible it waits in the pool', async () => {
    const w = await world();
    await w.rules({}, { reviewers: [w.r1] });
    const ofReviewer = [await w.evaluated({ agentId: w.r1 }), await w.evaluated({ agentId: w.r1 })];
    for (const id of ofReviewer) await sample(id);

    const rows = await w.assignments();
    expect(rows).toHaveLength(4);
    const [everyone, onlyR1] = (await listReviewRules(db, w.campaign)).map((rule) => rule.id);
    expect(rows.filter((row) => row.ruleId === everyone).map((row) => row.reviewerId)).toEqual([w.r2, w.r2]);
    expect(rows.filter((row) => row.ruleId === onlyR1).map((row) => row.reviewerId)).toEqual([null, null]);
    expect(pushed.map((push) => push.userId)).toEqual([w.r2, w.r2]);
  });

  it('spreads the work over the reviewers by their open load', async () => {
    const w = await world();
    const earlier = [await w.evaluated({ agentId: w.a1 }), await w.evaluated({ agentId: w.a1 })];
    await assignByHand(db, {
      campaignId: w.campaign,
      conversationIds: earlier,
      reviewerId: w.r1,
      dueAt: null,
    });
    await w.rules({});
    for (let n = 0; n < 6; n += 1) await sample(await w.evaluated({ agentId: w.a2 }));

    const byRule = (await w.assignments()).filter((row) => row.ruleId !== null);
    const count = (reviewerId: string) => byRule.filter((row) => row.reviewerId === reviewerId).length;
    expect([count(w.r1), count(w.r2)]).toEqual([2, 4]);
  });

  it('matches the list’s filters and the AI’s flags', async () => {
    const w = await world();
    const [chats, lowScores, flagged] = await w.rules(
      { filters: { types: ['chat'] } },
      { filters: { score: { min: 0, max: 50 } } },
      { filters: { needs_review: true } },
    );
    const chat = await w.evaluated({ agentId: w.a1, type: 'chat' });
    const low = await w.evaluated({ agentId: w.a1 }, { mainScore: 40 });
    const toCheck = await w.evaluated({ agentId: w.a1 }, { needsReview: true });
    const plain = await w.evaluated({ agentId: w.a1 });
    for (const id of [chat, low, toCheck, plain]) await sample(id);

    const picked = (ruleId = '') =>
      w
        .assignments()
        .then((rows) => rows.filter((row) => row.ruleId === ruleId).map((row) => row.conversationId));
    expect(await picked(chats?.id)).toEqual([chat]);
    expect(await picked(lowScores?.id)).toEqual([low]);
    expect(await picked(flagged?.id)).toEqual([toCheck]);
  });

  it('takes up to the number per agent and period, drawing a share set by the previous period', async () => {
    const w = await world();
    const [rule] = await w.rules({ quota: { per_agent: 2, period: 'week' } });
    const now = new Date();
    const week = periodOf('week', now);
    const lastWeek = previousPeriodOf('week', now);
    const quota = { per_agent: 2, period: 'week' } as const;

    // a1 had no conversation last week: the first two of this week are taken.
    const ofA1: string[] = [];
    for (let n = 0; n < 4; n += 1) ofA1.push(await w.evaluated({ agentId: w.a1 }));
    // a2 had eight last week: each of this week's is drawn at 2 in 8.
    for (let n = 0; n < 8; n += 1)
      await w.evaluated({ agentId: w.a2, startedAt: new Date(lastWeek.start.getTime() + n * hourMs) });
    const ofA2: string[] = [];
    for (let n = 0; n < 12; n += 1) ofA2.push(await w.evaluated({ agentId: w.a2 }));
    for (const id of [...ofA1, ...ofA2]) await sample(id, now);

    let given = 0;
    const expectedOfA2 = ofA2.filter((id) => {
      const takes = quotaTakes(quota, draws(rule?.id ?? '', week.start, id).take, given, 0.25);
      if (takes) given += 1;
      return takes;
    });
    const rows = await w.assignments();
    expect(rows.every((row) => row.periodStart?.getTime() === week.start.getTime())).toBe(true);
    const picked = rows.map((row) => row.conversationId);
    expect(picked.filter((id) => ofA1.includes(id))).toEqual(ofA1.slice(0, 2));
    expect(picked.filter((id) => ofA2.includes(id)).sort()).toEqual(expectedOfA2.sort());
  });

  it('keeps the previous period’s count in the cache it is given: another app’s cache reads it again', async () => {
    const w = await world();
    const [rule] = await w.rules({ quota: { per_agent: 2, period: 'week' } });
    const row = await ruleRow(w.campaign, rule?.id ?? '');
    const now = new Date();
    const lastWeek = previousPeriodOf('week', now);
    const evaluatedLastWeek = () =>
      w.evaluated({ agentId: w.a2, startedAt: new Date(lastWeek.start.getTime() + hourMs) });
    const kept = createPreviousPeriodCounts();

    await evaluatedLastWeek();
    expect(await previousPeriodMatches(db, kept, row, 'week', w.a2, now)).toBe(1);
    await evaluatedLastWeek();
    expect(await previousPeriodMatches(db, kept, row, 'week', w.a2, now)).toBe(1);
    expect(await previousPeriodMatches(db, createPreviousPeriodCounts(), row, 'week', w.a2, now)).toBe(2);
  });

  it('opens a period once: the closed one’s pending picks expire, short agents are refilled by draw', async () => {
    const w = await world();
    const [rule] = await w.rules({ quota: { per_agent: 2, period: 'week' }, reviewers: [w.r1] });
    const ruleId = rule?.id ?? '';
    const now = new Date();
    const week = periodOf('week', now);
    const nextWeek = new Date(week.end.getTime() + hourMs);

    const ofA1 = [await w.evaluated({ agentId: w.a1 }), await w.evaluated({ agentId: w.a1 })];
    for (const id of ofA1) await sample(id, now);
    await db
      .update(reviewAssignments)
      .set({ status: 'done', doneAt: now })
      .where(eq(reviewAssignments.conversationId, ofA1[0] ?? ''));
    // a2's conversations were evaluated but never sampled: the week leaves a2 two short.
    const ofA2: string[] = [];
    for (let n = 0; n < 4; n += 1) ofA2.push(await w.evaluated({ agentId: w.a2 }));
    pushed.length = 0;

    const row = await ruleRow(w.campaign, ruleId);
    expect(await passRule(db, hub, row, nextWeek)).toEqual({ expired: 1, refilled: 2, givenFromPool: 0 });

    const rows = await w.assignments();
    const statusOf = (id: string) => rows.find((assignment) => assignment.conversationId === id)?.status;
    expect([statusOf(ofA1[0] ?? ''), statusOf(ofA1[1] ?? '')]).toEqual(['done', 'expired']);
    const lowest = [...ofA2].sort(
      (a, b) => draws(ruleId, week.start, a).take - draws(ruleId, week.start, b).take,
    );
    const refills = rows.filter((assignment) => ofA2.includes(assignment.conversationId));
    expect(refills.map((assignment) => assignment.conversationId).sort()).toEqual(lowest.slice(0, 2).sort());
    expect(
      refills.every((assignment) => assignment.status === 'pending' && assignment.reviewerId === w.r1),
    ).toBe(true);
    expect(refills.every((assignment) => assignment.periodStart?.getTime() === week.start.getTime())).toBe(
      true,
    );
    expect(pushed).toHaveLength(1);

    // Again, and twice at once: the period is open already.
    const [again, once, twice] = await Promise.all([
      passRule(db, hub, await ruleRow(w.campaign, ruleId), nextWeek),
      passRule(db, hub, await ruleRow(w.campaign, ruleId), new Date(nextWeek.getTime() + hourMs)),
      passRule(db, hub, await ruleRow(w.campaign, ruleId), new Date(nextWeek.getTime() + 2 * hourMs)),
    ]);
    for (const outcome of [again, once, twice]) {
      expect([null, { expired: 0, refilled: 0, givenFromPool: 0 }]).toContainEqual(outcome);
    }
    expect(await w.assignments()).toEqual(rows);

    // The refills given as that week opened expire when it closes.
    const weekAfter = new Date(nextWeek.getTime() + 7 * 24 * hourMs);
    expect(await passRule(db, hub, await ruleRow(w.campaign, ruleId), weekAfter)).toMatchObject({
      expired: 2,
    });
  });

  it('gives the pool to the reviewers by load, never to the agent, and keeps what no one may take', async () => {
    const w = await world();
    const busy: string[] = [];
    for (let n = 0; n < 5; n += 1) busy.push(await w.evaluated({ agentId: w.a1 }));
    await assignByHand(db, { campaignId: w.campaign, conversationIds: busy, reviewerId: w.r2, dueAt: null });
    const [rule] = await w.rules({});
    const ruleId = rule?.id ?? '';
    const ofA1 = [await w.evaluated({ agentId: w.a1 }), await w.evaluated({ agentId: w.a1 })];
    const ofR2 = await w.evaluated({ agentId: w.r2 });
    for (const id of [...ofA1, ofR2]) await sample(id);
    const given = (await w.assignments()).filter((row) => row.ruleId === ruleId);
    expect(given.map((row) => row.reviewerId)).toEqual([w.r1, w.r1, w.r1]);

    // r1 leaves the campaign: their work goes back to the pool (and r1 off the rule).
    await db
      .delete(campaignMembers)
      .where(and(eq(campaignMembers.campaignId, w.campaign), eq(campaignMembers.userId, w.r1)));
    pushed.length = 0;
    expect(await passRule(db, hub, await ruleRow(w.campaign, ruleId), new Date())).toEqual({
      expired: 0,
      refilled: 0,
      givenFromPool: 2,
    });
    const reviewerOf = async (id: string) =>
      (await w.assignments()).find((row) => row.ruleId === ruleId && row.conversationId === id)?.reviewerId;
    expect([
      await reviewerOf(ofA1[0] ?? ''),
      await reviewerOf(ofA1[1] ?? ''),
      await reviewerOf(ofR2),
    ]).toEqual([w.r2, w.r2, null]);
    expect(pushed.map((push) => push.userId)).toEqual([w.r2]);

    // Back on the campaign and the rule, r1 takes what r2 may not.
    await db
      .insert(campaignMembers)
      .values({ campaignId: w.campaign, userId: w.r1, role: 'editor', policy: { can_edit_settings: true } });
    await w.rules({ id: ruleId, reviewers: [w.r1, w.r2] });
    expect(await passRule(db, hub, await ruleRow(w.campaign, ruleId), new Date())).toMatchObject({
      givenFromPool: 1,
    });
    expect(await reviewerOf(ofR2)).toBe(w.r1);
  });

  it('gathers the batches of a reviewer’s campaign in one notification while it is unread', async () => {
    const w = await world();
    await w.rules({ reviewers: [w.r1] });
    const first = await w.evaluated({ agentId: w.a1 });
    await sample(first);
    await sample(await w.evaluated({ agentId: w.a1 }));
    await sample(await w.evaluated({ agentId: w.a1 }));

    const [gathered, ...others] = await reviewsAssigned(w.r1);
    expect(others).toEqual([]);
    expect(gathered).toMatchObject({ assignmentCount: 3, conversationId: first, read: false });
    const counts = pushed.map((push) =>
      push.message.type === 'notification'
        ? [push.message.notification.id, push.message.notification.assignment_count]
        : [],
    );
    expect(counts).toEqual([
      [gathered?.id, 1],
      [gathered?.id, 2],
      [gathered?.id, 3],
    ]);
    expect(pushed[0]?.message).toMatchObject({
      notification: { type: 'REVIEWS_ASSIGNED', campaign_name: expect.stringContaining('Sampled') },
    });

    // Read, it is done with: the next batch starts another.
    await db
      .update(notifications)
      .set({ read: true })
      .where(eq(notifications.id, gathered?.id ?? ''));
    const next = await w.evaluated({ agentId: w.a2 });
    await sample(next);
    const after = await reviewsAssigned(w.r1);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({ assignmentCount: 1, conversationId: next, read: false });
  });

  it('passes every enabled rule, and leaves a disabled one as it is', async () => {
    const w = await world();
    const [enabled, disabled] = await w.rules({ reviewers: [w.r1] }, { reviewers: [w.r1], enabled: false });
    const pooled = async (ruleId: string) => {
      const id = await w.evaluated({ agentId: w.a1 });
      const now = new Date();
      await insertRuleAssignment(db, {
        ruleId,
        campaignId: w.campaign,
        conversationId: id,
        reviewerId: null,
        periodStart: null,
        createdAt: now,
        dueAt: now,
      });
      return id;
    };
    const ofEnabled = await pooled(enabled?.id ?? '');
    const ofDisabled = await pooled(disabled?.id ?? '');

    await runReviewPeriodPass(db, hub, Fastify().log);
    const rows = await w.assignments();
    const reviewerOf = (id: string) => rows.find((row) => row.conversationId === id)?.reviewerId;
    expect([reviewerOf(ofEnabled), reviewerOf(ofDisabled)]).toEqual([w.r1, null]);
  });
});
