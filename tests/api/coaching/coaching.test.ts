// The coaching API: plans written by a coach for an agent, their focus items and examples, the agent's weakest
// items over a period and weekly progress (figures computed by hand from a small fixed data set), the agent's
// acknowledgement, and who reads and writes what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoachingPlan } from '../../../contract/coaching';
import { publishEvaluationGridSchema } from '../../../contract/evaluation-grids';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { publishGrid } from '../../../server/evaluation-grids/service';
import { ensureCampaignGrid } from '../../../server/evaluation-grids/store';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addOrganisation,
  addStoredEvaluation,
  addUser,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const day = 24 * 60 * 60;
const week = 7 * day;
const now = Math.floor(Date.now() / 1000);
const thisMonday = (() => {
  const midnight = Math.floor(now / day) * day;
  return midnight - ((new Date(midnight * 1000).getUTCDay() + 6) % 7) * day;
})();
const lastMonday = thisMonday - week;
const dayText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const at = (seconds: number) => new Date(seconds * 1000);

describe.each(testDatabaseKinds)('coaching API on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let campaign: string;
  let foreignCampaign: string;
  let greets: string;
  let offer: string;
  let closes: string;
  let agentConversation: string;
  let otherAgentConversation: string;
  let foreignConversation: string;

  const call = async (who: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(tokens[who] ?? ''),
      ...(payload ? { payload } : {}),
    });

  const newPlan = async (extra: object = {}) => {
    const response = await call('coach', 'POST', '/coaching/plans', {
      agent_id: demoUsers.agent.id,
      title: 'Offer and closing',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as CoachingPlan;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { COACHING_USERS: 'supervisor@demo.local, coach@other.test' });
    const { db } = t.database;
    campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Coaching Campaign',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: demoUsers.agent.id, role: 'viewer' },
        { userId: demoUsers.agent2.id, role: 'viewer' },
      ],
    });
    const grid = await ensureCampaignGrid(db, campaign);
    const published = await publishGrid(
      db,
      grid,
      publishEvaluationGridSchema.parse({
        sections: [
          {
            name: 'Call',
            items: [
              { name: 'Greets the customer', type: 'binary_item' },
              { name: 'Names the offer', type: 'binary_item' },
              { name: 'Closes politely', type: 'binary_item' },
            ],
          },
        ],
      }),
      demoUsers.supervisor.id,
    );
    [greets = '', offer = '', closes = ''] =
      published.content.sections[0]?.items.map((item) => item.id) ?? [];

    // The agent's calls: one last Monday early (before the plan starts), two later last week, one this week; then
    // a call of another agent and a test call of the agent, which never count.
    const evaluated = async (
      agentId: string,
      startedAt: number,
      itemScores: Record<string, number | null>,
      isTest = false,
    ) => {
      const id = await addConversation(db, {
        campaignId: campaign,
        agentId,
        startedAt: at(startedAt),
        isTest,
      });
      await addStoredEvaluation(db, { conversationId: id, gridId: grid.id, mainScore: 50, itemScores });
      return id;
    };
    await evaluated(demoUsers.agent.id, lastMonday + 3600, { [offer]: 0 });
    agentConversation = await evaluated(demoUsers.agent.id, lastMonday + day, {
      [greets]: 100,
      [offer]: 0,
      [closes]: 100,
    });
    await evaluated(demoUsers.agent.id, lastMonday + 2 * day, { [greets]: 100, [offer]: 0, [closes]: 0 });
    await evaluated(demoUsers.agent.id, thisMonday + 3600, { [greets]: 0, [offer]: 100, [closes]: null });
    otherAgentConversation = await evaluated(demoUsers.agent2.id, lastMonday + day, {
      [greets]: 0,
      [offer]: 0,
      [closes]: 0,
    });
    await evaluated(demoUsers.agent.id, lastMonday + day, { [greets]: 0, [offer]: 0, [closes]: 0 }, true);

    const otherOrg = await addOrganisation(db, 'Coaching Elsewhere');
    const otherCoach = await addUser(db, { organisationId: otherOrg, email: 'coach@other.test' });
    const otherAgent = await addUser(db, { organisationId: otherOrg, email: 'a@other.test', role: 'agent' });
    foreignCampaign = await addCampaign(db, {
      organisationId: otherOrg,
      name: 'Elsewhere',
      members: [{ userId: otherCoach, role: 'owner' }],
    });
    foreignConversation = await addConversation(db, { campaignId: foreignCampaign, agentId: otherAgent });

    for (const [name, email] of [
      ['coach', demoUsers.supervisor.email],
      ['nonCoach', demoUsers.supervisor2.email],
      ['agent', demoUsers.agent.email],
      ['agent2', demoUsers.agent2.email],
      ['admin', demoUsers.admin.email],
      ['otherCoach', 'coach@other.test'],
    ] as const) {
      tokens[name] = await t.accessToken(email);
    }
  });
  afterAll(() => t.close());

  describe('suggestions', () => {
    const suggest = async (params: string) => {
      const response = await call(
        'coach',
        'GET',
        `/coaching/suggestions?agent_id=${demoUsers.agent.id}&campaign_id=${campaign}${params}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: { id: string; answered: number; average_score: number }[] }).items;
    };

    it("lists the agent's weakest items first over all their calls, other agents' and test calls left out", async () => {
      // Names the offer 0, 0, 0, 100 → 25; closes 100, 0, N/A → 50; greets 100, 100, 0 → 66.7.
      expect(await suggest('')).toEqual([
        expect.objectContaining({ id: offer, answered: 4, average_score: 25, campaign_id: campaign }),
        expect.objectContaining({ id: closes, answered: 3, average_score: 50 }),
        expect.objectContaining({ id: greets, answered: 3, average_score: expect.closeTo(200 / 3, 6) }),
      ]);
    });

    it('keeps to the period and leaves out the items answered only N/A, up to the limit', async () => {
      const thisWeek = `&startTs=${thisMonday}&endTs=${thisMonday + week - 1}`;
      expect((await suggest(thisWeek)).map((item) => [item.id, item.average_score])).toEqual([
        [greets, 0],
        [offer, 100],
      ]);
      expect((await suggest('&limit=1')).map((item) => item.id)).toEqual([offer]);
    });

    it('answers 404 to whoever does not coach the agent, and 400 to a bad period', async () => {
      const path = `/coaching/suggestions?agent_id=${demoUsers.agent.id}&campaign_id=${campaign}`;
      for (const who of ['nonCoach', 'otherCoach']) {
        expect((await call(who, 'GET', path)).statusCode, who).toBe(404);
      }
      // An agent never coaches: refused before the query is read.
      expect((await call('agent', 'GET', path)).statusCode).toBe(403);
      expect((await call('coach', 'GET', `${path}&startTs=10&endTs=5`)).statusCode).toBe(400);
      const foreign = `/coaching/suggestions?agent_id=${demoUsers.agent.id}&campaign_id=${foreignCampaign}`;
      expect((await call('coach', 'GET', foreign)).statusCode).toBe(404);
    });
  });

  it('creates, reads, changes and deletes a plan with focus items, goals and an example', async () => {
    const plan = await newPlan({
      notes: 'Name the offer early.',
      focus_items: [
        { campaign_id: campaign, item_id: offer, target_score: 80, due_date: '2030-01-31' },
        { campaign_id: campaign, item_id: closes },
      ],
    });
    expect(plan).toMatchObject({
      agent: { id: demoUsers.agent.id, name: demoUsers.agent.name },
      created_by: { id: demoUsers.supervisor.id, name: demoUsers.supervisor.name },
      organisation_id: demoOrganisation.id,
      status: 'open',
      notes: 'Name the offer early.',
      acknowledged_at: null,
      focus_items: [
        {
          campaign_id: campaign,
          campaign_name: 'Coaching Campaign',
          item_id: offer,
          item_name: 'Names the offer',
          section_name: 'Call',
          target_score: 80,
          due_date: '2030-01-31',
        },
        { item_id: closes, item_name: 'Closes politely', target_score: null, due_date: null },
      ],
      examples: [],
    });

    const attached = await call('coach', 'PUT', `/coaching/plans/${plan.id}/examples/${agentConversation}`, {
      note: 'Listen to the closing.',
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect((attached.json() as CoachingPlan).examples).toEqual([
      expect.objectContaining({
        conversation_id: agentConversation,
        note: 'Listen to the closing.',
        main_score: 50,
      }),
    ]);

    const changed = await call('coach', 'PATCH', `/coaching/plans/${plan.id}`, {
      status: 'done',
      focus_items: [{ campaign_id: campaign, item_id: greets, target_score: 90 }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      status: 'done',
      focus_items: [{ item_id: greets, target_score: 90 }],
    });

    const open = (
      await call('coach', 'GET', `/coaching/plans?agent_id=${demoUsers.agent.id}&status=open`)
    ).json();
    expect((open as CoachingPlan[]).map((row) => row.id)).not.toContain(plan.id);
    const done = (await call('coach', 'GET', `/coaching/plans?status=done`)).json();
    expect((done as CoachingPlan[]).map((row) => row.id)).toContain(plan.id);

    const detached = await call(
      'coach',
      'DELETE',
      `/coaching/plans/${plan.id}/examples/${agentConversation}`,
    );
    expect(detached.statusCode).toBe(204);
    expect(
      (await call('coach', 'DELETE', `/coaching/plans/${plan.id}/examples/${agentConversation}`)).statusCode,
    ).toBe(404);
    expect((await call('coach', 'DELETE', `/coaching/plans/${plan.id}`)).statusCode).toBe(204);
    expect((await call('coach', 'GET', `/coaching/plans/${plan.id}`)).statusCode).toBe(404);
  });

  it('refuses focus items outside the grid or the organisation, and examples that are not the agent’s', async () => {
    const outside = await call('coach', 'POST', '/coaching/plans', {
      agent_id: demoUsers.agent.id,
      title: 'Wrong items',
      focus_items: [
        { campaign_id: campaign, item_id: newId() },
        { campaign_id: foreignCampaign, item_id: greets },
      ],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      errors: [{ path: 'focus_items.0.item_id' }, { path: 'focus_items.1.campaign_id' }],
    });
    const twice = await call('coach', 'POST', '/coaching/plans', {
      agent_id: demoUsers.agent.id,
      title: 'Twice',
      focus_items: [
        { campaign_id: campaign, item_id: greets },
        { campaign_id: campaign, item_id: greets },
      ],
    });
    expect(twice.statusCode).toBe(400);

    const plan = await newPlan();
    const example = (conversation: string) =>
      call('coach', 'PUT', `/coaching/plans/${plan.id}/examples/${conversation}`, { note: '' });
    expect((await example(otherAgentConversation)).statusCode).toBe(400);
    expect((await example(foreignConversation)).statusCode).toBe(404);
    expect((await example(newId())).statusCode).toBe(404);
  });

  it("gives the agent's weekly figures on the focus items since the plan started", async () => {
    const plan = await newPlan({
      started_at: lastMonday + day / 2,
      focus_items: [
        { campaign_id: campaign, item_id: offer, target_score: 80 },
        { campaign_id: campaign, item_id: greets },
      ],
    });
    const response = await call('agent', 'GET', `/coaching/plans/${plan.id}/progress`);
    expect(response.statusCode, response.body).toBe(200);
    // The call of last Monday early came before the plan: last week counts two calls.
    expect(response.json()).toEqual({
      weeks: [dayText(lastMonday), dayText(thisMonday)],
      items: [
        {
          item_id: offer,
          points: [
            { period_start: dayText(lastMonday), evaluated: 2, average_score: 0 },
            { period_start: dayText(thisMonday), evaluated: 1, average_score: 100 },
          ],
        },
        {
          item_id: greets,
          points: [
            { period_start: dayText(lastMonday), evaluated: 2, average_score: 100 },
            { period_start: dayText(thisMonday), evaluated: 1, average_score: 0 },
          ],
        },
      ],
    });
  });

  it('lets the agent read and acknowledge their own plan only; new focus items ask again', async () => {
    const plan = await newPlan({
      focus_items: [{ campaign_id: campaign, item_id: offer, target_score: 70 }],
    });
    const mine = (await call('agent', 'GET', '/coaching/plans')).json() as CoachingPlan[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.agent.id === demoUsers.agent.id)).toBe(true);
    expect((await call('agent2', 'GET', '/coaching/plans')).json()).toEqual([]);
    expect((await call('agent', 'GET', `/coaching/plans?agent_id=${demoUsers.agent2.id}`)).statusCode).toBe(
      404,
    );

    expect((await call('agent', 'PATCH', `/coaching/plans/${plan.id}`, { notes: 'Mine' })).statusCode).toBe(
      403,
    );
    expect((await call('coach', 'POST', `/coaching/plans/${plan.id}/acknowledge`)).statusCode).toBe(403);
    expect((await call('admin', 'POST', `/coaching/plans/${plan.id}/acknowledge`)).statusCode).toBe(403);
    expect((await call('agent2', 'POST', `/coaching/plans/${plan.id}/acknowledge`)).statusCode).toBe(404);

    const acknowledged = await call('agent', 'POST', `/coaching/plans/${plan.id}/acknowledge`);
    expect(acknowledged.statusCode).toBe(200);
    const first = (acknowledged.json() as CoachingPlan).acknowledged_at;
    expect(first).toBeGreaterThanOrEqual(now);
    const seen = (await call('coach', 'GET', `/coaching/plans/${plan.id}`)).json() as CoachingPlan;
    expect(seen.acknowledged_at).toBe(first);

    const notesOnly = await call('coach', 'PATCH', `/coaching/plans/${plan.id}`, { notes: 'Well done' });
    expect((notesOnly.json() as CoachingPlan).acknowledged_at).toBe(first);
    const newGoals = await call('coach', 'PATCH', `/coaching/plans/${plan.id}`, {
      focus_items: [{ campaign_id: campaign, item_id: offer, target_score: 90 }],
    });
    expect((newGoals.json() as CoachingPlan).acknowledged_at).toBeNull();
  });

  it('is described in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json() as { paths: Record<string, Record<string, unknown>> };
    expect(
      Object.keys(paths)
        .filter((path) => path.startsWith('/api/coaching/'))
        .sort(),
    ).toEqual([
      '/api/coaching/plans',
      '/api/coaching/plans/{id}',
      '/api/coaching/plans/{id}/acknowledge',
      '/api/coaching/plans/{id}/examples/{conversationId}',
      '/api/coaching/plans/{id}/progress',
      '/api/coaching/suggestions',
    ]);
    expect(Object.keys(paths['/api/coaching/plans/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
  });

  it('hides plans and agents from whoever does not coach them', async () => {
    const plan = await newPlan();
    for (const who of ['nonCoach', 'agent2', 'otherCoach']) {
      expect((await call(who, 'GET', `/coaching/plans/${plan.id}`)).statusCode, who).toBe(404);
      expect((await call(who, 'GET', `/coaching/plans/${plan.id}/progress`)).statusCode, who).toBe(404);
    }
    // A change is refused to a supervisor who does not coach the plan as to an unknown plan, and to an agent, who
    // never coaches, before its plan is looked up.
    for (const who of ['nonCoach', 'otherCoach']) {
      expect((await call(who, 'PATCH', `/coaching/plans/${plan.id}`, { notes: 'x' })).statusCode, who).toBe(
        404,
      );
    }
    expect((await call('agent2', 'PATCH', `/coaching/plans/${plan.id}`, { notes: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('nonCoach', 'GET', '/coaching/plans')).statusCode).toBe(404);
    expect((await call('otherCoach', 'GET', '/coaching/plans')).json()).toEqual([]);
    const elsewhere = await call('otherCoach', 'POST', '/coaching/plans', {
      agent_id: demoUsers.agent.id,
      title: 'Not mine',
    });
    expect(elsewhere.statusCode).toBe(404);
    const notAnAgent = await call('coach', 'POST', '/coaching/plans', {
      agent_id: demoUsers.supervisor2.id,
      title: 'A supervisor',
    });
    expect(notAnAgent.statusCode).toBe(404);
    expect(
      (await call('admin', 'PATCH', `/coaching/plans/${plan.id}`, { title: 'By admin' })).statusCode,
    ).toBe(200);
    expect((await call('coach', 'GET', `/coaching/plans/${newId()}`)).statusCode).toBe(404);
    expect((await call('coach', 'GET', '/coaching/plans/not-an-id')).statusCode).toBe(400);
  });
});
