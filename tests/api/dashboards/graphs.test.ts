// The dashboards' graphs (`GET /dashboards/graphs/…`: kpis, score evolution and distribution, agents'
// performance, type proportion, topics, items' details) on a small fixed data set whose figures are counted by
// hand: an N/A answer, an evaluation failed by a critical item, a test conversation left out, one conversation in
// the previous period and one before it; agents limited to their own; topics and metadata filters; unreadable
// campaigns and agents refused; bad parameters answered 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluationGrid,
  addOrganisation,
  addStoredEvaluation,
  addUser,
  type TestConversation,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const start = seconds('2026-03-01T00:00:00Z');
const end = seconds('2026-03-10T23:59:59Z');
const tenDays = 10 * 24 * 60 * 60;

describe.each(testDatabaseKinds)('dashboard graphs on %s', (kind) => {
  let t: TestApp;
  let supervisor: string;
  let agent: string;
  let foreigner: string;
  let campaignId: string;
  let foreignAgent: string;
  let gridItem: string;

  const graph = (token: string, path: string, params = '') =>
    t.app.inject({
      url: `/api/dashboards/graphs/${path}?campaigns=${campaignId}&startTs=${start}&endTs=${end}${params}`,
      headers: bearer(token),
    });
  const figures = async (token: string, path: string, params = '') => {
    const response = await graph(token, path, params);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    const { db } = t.database;
    const foreignOrg = await addOrganisation(db, 'Foreign graphs');
    await addUser(db, { organisationId: foreignOrg, email: 'supervisor@graphs.local' });
    foreignAgent = await addUser(db, {
      organisationId: foreignOrg,
      email: 'agent@graphs.local',
      role: 'agent',
    });
    campaignId = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Graphs',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: demoUsers.agent.id, role: 'viewer' },
        { userId: demoUsers.agent2.id, role: 'viewer' },
      ],
    });
    supervisor = await t.accessToken(demoUsers.supervisor.email);
    agent = await t.accessToken(demoUsers.agent.email);
    foreigner = await t.accessToken('supervisor@graphs.local');
    const grid = await addEvaluationGrid(db, campaignId, demoUsers.supervisor.id);
    gridItem = grid.gridItem;

    const conversation = async (
      at: string,
      more: Partial<TestConversation>,
      evaluation?: { main: number | null; item: number | null; autoFailed?: boolean; validated?: boolean },
    ) => {
      const id = await addConversation(db, {
        campaignId,
        agentId: demoUsers.agent.id,
        startedAt: new Date(at),
        ...more,
      });
      if (evaluation)
        await addStoredEvaluation(db, {
          conversationId: id,
          gridId: grid.grid,
          mainScore: evaluation.main,
          itemScores: { [gridItem]: evaluation.item },
          autoFailed: evaluation.autoFailed ?? false,
          validatedBy: evaluation.validated ? demoUsers.supervisor.id : null,
        });
      return id;
    };
    const agent2 = demoUsers.agent2.id;
    // The range asked: 2026-03-01 … 2026-03-10.
    await conversation(
      '2026-03-02T10:00:00Z',
      { durationSeconds: 100, sentiment: 'NEGATIVE', topics: ['billing'], metadata: { region: 'north' } },
      { main: 100, item: 100, validated: true },
    );
    await conversation(
      '2026-03-03T10:00:00Z',
      { type: 'chat', sentiment: 'POSITIVE', topics: ['billing', 'refund'], metadata: { region: 'south' } },
      { main: 60, item: 100 },
    );
    await conversation(
      '2026-03-09T10:00:00Z',
      { agentId: agent2, durationSeconds: 300, sentiment: 'NEGATIVE', topics: ['refund'] },
      { main: 0, item: 0, autoFailed: true },
    );
    await conversation(
      '2026-03-10T10:00:00Z',
      { agentId: agent2, type: 'email' },
      { main: null, item: null },
    );
    await conversation('2026-03-05T10:00:00Z', { durationSeconds: 200, sentiment: 'NEUTRAL' });
    await conversation(
      '2026-03-04T10:00:00Z',
      { isTest: true, durationSeconds: 900, sentiment: 'NEGATIVE', topics: ['billing'] },
      { main: 0, item: 0, autoFailed: true },
    );
    // The previous period (2026-02-19 … 2026-02-28), and a conversation before it.
    await conversation(
      '2026-02-25T10:00:00Z',
      { durationSeconds: 50, sentiment: 'NEGATIVE' },
      { main: 80, item: 100, validated: true },
    );
    await conversation('2026-01-10T10:00:00Z', { durationSeconds: 10 }, { main: 10, item: 0 });
  });

  afterAll(async () => {
    await t.close();
  });

  it('gives the KPIs of the range and of the period of equal length before it', async () => {
    expect(await figures(supervisor, 'kpis')).toEqual({
      previous_period: { startTs: start - tenDays, endTs: start - 1 },
      conversations: { value: 5, previous: 1 },
      evaluated: { value: 4, previous: 1 },
      validated: { value: 1, previous: 1 },
      average_score: { value: expect.closeTo(160 / 3, 6), previous: 80 },
      average_call_duration_s: { value: 200, previous: 50, conversations: 3 },
      average_chat_duration_s: { value: null, previous: null, conversations: 1 },
      average_email_first_response_s: { value: null, previous: null, conversations: 1 },
      negative_sentiment_share: { value: 0.5, previous: 1 },
    });
  });

  it('has no previous period for an open range', async () => {
    const response = await t.app.inject({
      url: `/api/dashboards/graphs/kpis?campaigns=${campaignId}&endTs=${end}`,
      headers: bearer(supervisor),
    });
    expect(response.json()).toMatchObject({
      previous_period: null,
      conversations: { value: 7, previous: null },
      average_score: { value: expect.closeTo(250 / 5, 6), previous: null },
    });
  });

  it("gives an agent their own conversations' figures only", async () => {
    expect(await figures(agent, 'kpis')).toMatchObject({
      conversations: { value: 3, previous: 1 },
      evaluated: { value: 2, previous: 1 },
      average_score: { value: 80, previous: 80 },
      average_call_duration_s: { value: 150, previous: 50, conversations: 2 },
      average_chat_duration_s: { value: null, previous: null, conversations: 1 },
      average_email_first_response_s: { value: null, previous: null, conversations: 0 },
      negative_sentiment_share: { value: expect.closeTo(1 / 3, 6) },
    });
    expect((await figures(agent, 'agents/performance')).agents).toEqual([
      { id: demoUsers.agent.id, name: demoUsers.agent.name, evaluated: 2, average_score: 80 },
    ]);
    const others = await graph(agent, 'kpis', `&agents=${demoUsers.agent2.id}`);
    expect(others.statusCode).toBe(404);
  });

  it('filters by agents, topics and metadata keys', async () => {
    const count = async (params: string) => (await figures(supervisor, 'kpis', params)).conversations.value;
    expect(await count(`&agents=${demoUsers.agent2.id}`)).toBe(2);
    expect(await count('&topics=refund')).toBe(2);
    expect(await count('&topics=refund&topics=billing')).toBe(3);
    expect(await count('&metadata.region=north')).toBe(1);
    expect(await count('&metadata.region=north&metadata.region=south')).toBe(2);
    expect(await count('&metadata.region=north&topics=refund')).toBe(0);
    expect(await count('&metadata.channel=web')).toBe(0);
  });

  it('applies the same filters to the validation statistics', async () => {
    const validated = async (params: string) =>
      (await figures(supervisor, 'evaluations/items/validation-stats', params)).conversations;
    expect(await validated('')).toBe(1);
    expect(await validated('&topics=refund')).toBe(0);
    expect(await validated('&metadata.region=north')).toBe(1);
    expect(
      (await graph(agent, 'evaluations/items/validation-stats', `&agents=${demoUsers.agent2.id}`)).statusCode,
    ).toBe(404);
  });

  it('gives the score evolution per day for a short range, or per interval asked', async () => {
    expect(await figures(supervisor, 'score/evolution')).toEqual({
      interval: 'day',
      points: [
        { period_start: '2026-03-02', evaluated: 1, average_score: 100 },
        { period_start: '2026-03-03', evaluated: 1, average_score: 60 },
        { period_start: '2026-03-09', evaluated: 1, average_score: 0 },
      ],
    });
    expect(await figures(supervisor, 'score/evolution', '&interval=month')).toEqual({
      interval: 'month',
      points: [{ period_start: '2026-03-01', evaluated: 3, average_score: expect.closeTo(160 / 3, 6) }],
    });
    expect((await figures(supervisor, 'score/evolution', '&interval=week')).points).toEqual([
      { period_start: '2026-03-02', evaluated: 2, average_score: 80 },
      { period_start: '2026-03-09', evaluated: 1, average_score: 0 },
    ]);
  });

  it('gives the score distribution in bins of 10 points, 100 in the last one', async () => {
    const { bins, auto_failed } = await figures(supervisor, 'score/distribution');
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ min: 0, max: 10, count: 1 });
    expect(bins[6]).toEqual({ min: 60, max: 70, count: 1 });
    expect(bins[9]).toEqual({ min: 90, max: 100, count: 1 });
    expect(bins.reduce((total: number, bin: { count: number }) => total + bin.count, 0)).toBe(3);
    expect(auto_failed).toBe(1);
  });

  it('ranks agents best first, worst first when ascending, within the limit', async () => {
    const first = { id: demoUsers.agent.id, name: demoUsers.agent.name, evaluated: 2, average_score: 80 };
    const second = { id: demoUsers.agent2.id, name: demoUsers.agent2.name, evaluated: 1, average_score: 0 };
    expect((await figures(supervisor, 'agents/performance')).agents).toEqual([first, second]);
    expect((await figures(supervisor, 'agents/performance', '&ascending=true')).agents).toEqual([
      second,
      first,
    ]);
    expect((await figures(supervisor, 'agents/performance', '&limit=1')).agents).toEqual([first]);
  });

  it('gives the proportion of each conversation type', async () => {
    expect(await figures(supervisor, 'type-proportion')).toEqual({
      types: [
        { type: 'call', conversations: 3, average_score: 50 },
        { type: 'chat', conversations: 1, average_score: 60 },
        { type: 'email', conversations: 1, average_score: null },
      ],
    });
  });

  it('gives each topic its conversations, average score and negative share', async () => {
    expect(await figures(supervisor, 'topics/analysis')).toEqual({
      topics: [
        { topic: 'billing', conversations: 2, average_score: 80, negative_sentiment_share: 0.5 },
        { topic: 'refund', conversations: 2, average_score: 30, negative_sentiment_share: 0.5 },
      ],
    });
  });

  it("gives each item's answers, average score and counts per value, N/A apart from the average", async () => {
    expect(await figures(supervisor, 'evaluations/items/details')).toEqual({
      items: [
        {
          id: gridItem,
          name: 'Greets the customer',
          type: 'binary_item',
          section_name: 'Greeting',
          answered: 4,
          average_score: expect.closeTo(200 / 3, 6),
          counts: { yes: 2, no: 1, na: 1 },
        },
      ],
    });
  });

  it('answers 404 for a campaign or an agent the caller cannot read', async () => {
    expect((await graph(foreigner, 'kpis')).statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: `/api/dashboards/graphs/score/distribution?campaigns=${newId()}`,
      headers: bearer(supervisor),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await graph(supervisor, 'type-proportion', `&agents=${foreignAgent}`)).statusCode).toBe(404);
    expect((await graph(supervisor, 'topics/analysis', `&agents=${newId()}`)).statusCode).toBe(404);
  });

  it.each([
    ['kpis', '&startTs=9999999999'],
    ['kpis', '&startTs=yesterday'],
    ['score/evolution', '&interval=year'],
    ['agents/performance', '&limit=0'],
    ['agents/performance', '&ascending=maybe'],
    ['type-proportion', '&agents=not-an-id'],
  ])('answers 400 to %s with %s', async (path, params) => {
    const response = await graph(supervisor, path, params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });

  it('answers 400 without a campaign', async () => {
    const response = await t.app.inject({ url: '/api/dashboards/graphs/kpis', headers: bearer(supervisor) });
    expect(response.statusCode).toBe(400);
  });
});
