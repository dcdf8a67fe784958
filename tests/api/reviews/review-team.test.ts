// A reviewer's progress and a campaign's team over a period (assigned / done / overdue / pending, counted in SQL),
// and bulk reassignment (all or none, each refused assignment named): a reviewer sees only their own counts, the
// campaign's managers its team, agents nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewAssignment, ReviewCounts, ReviewTeamMember } from '../../../contract/reviews';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluation,
  addEvaluationGrid,
  addOrganisation,
  addUser,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const now = Math.floor(Date.now() / 1000);
const day = 24 * 60 * 60;
/** A week around now: every assignment of these tests is given within it. */
const week = `from=${now - 3 * day}&to=${now + 4 * day}`;

describe.each(testDatabaseKinds)('review progress, team and reassignment API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let campaign: string;
  let otherCampaign: string;
  let reviewer: string;
  let second: string;
  let idle: string;
  const given: ReviewAssignment[] = [];
  let foreignAssignment: string;
  let ownAgentAssignment: ReviewAssignment;
  let otherCampaignAssignment: ReviewAssignment;

  const call = async (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload }),
    });

  const assign = async (payload: object) => {
    const response = await call('owner', 'POST', '/reviews/assignments', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ReviewAssignment[];
  };

  const team = async (who = 'owner', query = `campaign=${campaign}&${week}`) => {
    const response = await call(who, 'GET', `/reviews/team?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReviewTeamMember[];
  };

  const progress = async (who: string) => {
    const response = await call(who, 'GET', `/reviews/progress?${week}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReviewCounts;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    reviewer = await addUser(db, { organisationId: demoOrganisation.id, email: 'team-reviewer@demo.test' });
    second = await addUser(db, { organisationId: demoOrganisation.id, email: 'team-second@demo.test' });
    idle = await addUser(db, { organisationId: demoOrganisation.id, email: 'team-idle@demo.test' });
    const editor = { role: 'editor' as const, policy: { can_edit_settings: true } };
    campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Team',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: reviewer, ...editor },
        { userId: second, ...editor },
        { userId: idle, ...editor },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    otherCampaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Other team',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: reviewer, ...editor },
      ],
    });
    const away = await addOrganisation(db, 'Teams Elsewhere');
    const outsider = await addUser(db, { organisationId: away, email: 'team-outsider@else.test' });
    const foreignCampaign = await addCampaign(db, {
      organisationId: away,
      name: 'Foreign team',
      members: [{ userId: outsider, role: 'owner' }],
    });
    const foreign = await addConversation(db, { campaignId: foreignCampaign, agentId: null });
    for (const [name, email] of [
      ['owner', demoUsers.supervisor.email],
      ['reviewer', 'team-reviewer@demo.test'],
      ['second', 'team-second@demo.test'],
      ['agent', demoUsers.agent.email],
      ['outsider', 'team-outsider@else.test'],
    ] as const) {
      tokens[name] = await t.accessToken(email);
    }
    await addEvaluationGrid(db, campaign, demoUsers.supervisor.id);
    const conversations: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const id = await addConversation(db, { campaignId: campaign, agentId: demoUsers.agent.id });
      await addEvaluation(db, { ...t.app.context, log: t.app.log }, { id, campaignId: campaign });
      conversations.push(id);
    }
    given.push(
      ...(await assign({
        conversation_ids: conversations.slice(0, 2),
        reviewer_id: reviewer,
        due_at: now - day,
      })),
      ...(await assign({
        conversation_ids: conversations.slice(2),
        reviewer_id: reviewer,
        due_at: now + day,
      })),
    );
    const secondsOwn = await addConversation(db, { campaignId: campaign, agentId: second });
    [ownAgentAssignment] = (await assign({ conversation_ids: [secondsOwn], reviewer_id: reviewer })) as [
      ReviewAssignment,
    ];
    const elsewhere = await addConversation(db, { campaignId: otherCampaign, agentId: demoUsers.agent.id });
    [otherCampaignAssignment] = (await assign({ conversation_ids: [elsewhere], reviewer_id: reviewer })) as [
      ReviewAssignment,
    ];

    const foreignGiven = await call('outsider', 'POST', '/reviews/assignments', {
      conversation_ids: [foreign],
      reviewer_id: outsider,
    });
    expect(foreignGiven.statusCode, foreignGiven.body).toBe(201);
    foreignAssignment = (foreignGiven.json() as ReviewAssignment[])[0]?.id ?? '';

    const validated = await call('owner', 'POST', `/conversations/${conversations[0]}/evaluation/validate`);
    expect(validated.statusCode, validated.body).toBe(200);
  });
  afterAll(() => t.close());

  it('counts a reviewer’s own work of the period over every campaign', async () => {
    expect(await progress('reviewer')).toEqual({ assigned: 5, done: 1, overdue: 1, pending: 4 });
    expect(await progress('second')).toEqual({ assigned: 0, done: 0, overdue: 0, pending: 0 });
  });

  it('leaves out what was given after the period, and what was done before it', async () => {
    const before = await call(
      'reviewer',
      'GET',
      `/reviews/progress?from=${now - 9 * day}&to=${now - 2 * day}`,
    );
    expect(before.json()).toEqual({ assigned: 0, done: 0, overdue: 0, pending: 0 });
    const after = await call(
      'reviewer',
      'GET',
      `/reviews/progress?from=${now + 2 * day}&to=${now + 9 * day}`,
    );
    // Still pending, so still open after the week; the one done in the week is not.
    expect(after.json()).toEqual({ assigned: 4, done: 0, overdue: 1, pending: 4 });
  });

  it('lists every reviewer of the campaign with their counts, idle ones too', async () => {
    const members = await team();
    const byId = new Map(members.map((member) => [member.reviewer.id, member]));
    expect(byId.get(reviewer)).toMatchObject({ assigned: 4, done: 1, overdue: 1, pending: 3 });
    expect(byId.get(idle)).toMatchObject({ assigned: 0, done: 0, overdue: 0, pending: 0 });
    expect(byId.has(demoUsers.agent.id)).toBe(false);
  });

  it('refuses bad periods with a detail', async () => {
    for (const query of [
      `campaign=${campaign}&from=${now}&to=${now}`,
      `campaign=${campaign}&from=${now}&to=${now + 400 * day}`,
      `campaign=${campaign}&from=soon&to=${now}`,
      week,
    ]) {
      const response = await call('owner', 'GET', `/reviews/team?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it('shows a campaign’s team only to those who manage its reviews', async () => {
    const query = `/reviews/team?campaign=${campaign}&${week}`;
    expect((await call('agent', 'GET', query)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', query)).statusCode).toBe(404);
    expect((await call('second', 'GET', query)).statusCode).toBe(200);
    expect((await call('agent', 'GET', `/reviews/progress?${week}`)).statusCode).toBe(403);
  });

  it('reassigns pending assignments in one go, or none when one of them cannot go', async () => {
    const [done, overdue, upcoming] = given;
    const refused = await call('owner', 'POST', '/reviews/assignments/reassign', {
      assignment_ids: [overdue?.id, done?.id, ownAgentAssignment.id],
      reviewer_id: second,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: expect.stringContaining('none was reassigned'),
      errors: [
        { path: 'assignment_ids.1', message: 'This assignment is no longer pending' },
        { path: 'assignment_ids.2', message: 'A conversation cannot be given to its own agent' },
      ],
    });
    expect((await progress('second')).pending).toBe(0);

    const moved = await call('owner', 'POST', '/reviews/assignments/reassign', {
      assignment_ids: [overdue?.id, upcoming?.id],
      reviewer_id: second,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as ReviewAssignment[]).map((assignment) => assignment.reviewer?.id)).toEqual([
      second,
      second,
    ]);
    const byId = new Map((await team()).map((member) => [member.reviewer.id, member]));
    expect(byId.get(second)).toMatchObject({ assigned: 2, overdue: 1, pending: 2 });
    expect(byId.get(reviewer)).toMatchObject({ assigned: 2, done: 1, pending: 1 });
  });

  it('refuses reassignments across campaigns, to a non-reviewer, of hidden or unknown assignments', async () => {
    const [, overdue] = given;
    const reassign = (who: string, assignmentIds: string[], reviewerId = reviewer) =>
      call(who, 'POST', '/reviews/assignments/reassign', {
        assignment_ids: assignmentIds,
        reviewer_id: reviewerId,
      });
    const mixed = await reassign('owner', [overdue?.id ?? '', otherCampaignAssignment.id]);
    expect(mixed.statusCode, mixed.body).toBe(400);
    const toAgent = await reassign('owner', [overdue?.id ?? ''], demoUsers.agent.id);
    expect(toAgent.statusCode, toAgent.body).toBe(400);
    expect(toAgent.json()).toMatchObject({ errors: [{ path: 'reviewer_id' }] });
    expect((await reassign('owner', [foreignAssignment])).statusCode).toBe(404);
    expect((await reassign('owner', [crypto.randomUUID()])).statusCode).toBe(404);
    expect((await reassign('agent', [overdue?.id ?? ''])).statusCode).toBe(403);
    const duplicate = await reassign('owner', [overdue?.id ?? '', overdue?.id ?? '']);
    expect(duplicate.statusCode).toBe(400);
  });
});
