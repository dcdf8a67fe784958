// The admin figures (`GET /admin/kpis`) on a small fixed data set counted by hand: per organisation, the period's
// conversations, finished evaluations, call hours and active people, with test conversations and the period's
// outside left out, narrowed by campaigns and organisations; admins only, bad parameters and unknown ids refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { discussionMessages, evaluationItemUpdates, evaluations, sessions } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addEvaluationGrid,
  addOrganisation,
  addStoredEvaluation,
  addUser,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => at(iso).getTime() / 1000;
const january = `startTs=${seconds('2031-01-01T00:00:00Z')}&endTs=${seconds('2031-01-31T00:00:00Z')}`;
const zero = { conversations: 0, evaluations: 0, audio_hours: 0, active_users: 0 };

describe.each(testDatabaseKinds)('admin figures on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let agent: string;
  const org = { alpha: '', beta: '', gamma: '' };
  const campaign = { alpha1: '', alpha2: '', beta1: '' };

  const kpis = (token: string, query: string) =>
    t.app.inject({ url: `/api/admin/kpis?${query}`, headers: bearer(token) });

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    const { db } = t.database;
    org.alpha = await addOrganisation(db, 'Kpi Alpha');
    org.beta = await addOrganisation(db, 'Kpi Beta');
    org.gamma = await addOrganisation(db, 'Kpi Gamma');
    const supA = await addUser(db, { organisationId: org.alpha, email: 'sup@alpha.local' });
    const agentA = await addUser(db, {
      organisationId: org.alpha,
      email: 'agent@alpha.local',
      role: 'agent',
    });
    const idleA = await addUser(db, { organisationId: org.alpha, email: 'idle@alpha.local' });
    const validatorA = await addUser(db, { organisationId: org.alpha, email: 'validator@alpha.local' });
    const supB = await addUser(db, { organisationId: org.beta, email: 'sup@beta.local' });
    const agentB = await addUser(db, { organisationId: org.beta, email: 'agent@beta.local', role: 'agent' });
    campaign.alpha1 = await addCampaign(db, {
      organisationId: org.alpha,
      name: 'Alpha one',
      members: [
        { userId: supA, role: 'owner' },
        { userId: agentA, role: 'viewer' },
      ],
    });
    campaign.alpha2 = await addCampaign(db, { organisationId: org.alpha, name: 'Alpha two' });
    campaign.beta1 = await addCampaign(db, { organisationId: org.beta, name: 'Beta one' });
    const gridA1 = await addEvaluationGrid(db, campaign.alpha1, supA);
    const gridA2 = await addEvaluationGrid(db, campaign.alpha2, supA);
    const gridB1 = await addEvaluationGrid(db, campaign.beta1, supB);

    const call = (campaignId: string, agentId: string, startedAt: string, durationSeconds: number) =>
      addConversation(db, { campaignId, agentId, startedAt: at(startedAt), durationSeconds });
    const evaluated = (conversationId: string, gridId: string, validatedBy?: string, validatedAt?: string) =>
      addStoredEvaluation(db, {
        conversationId,
        gridId,
        mainScore: 100,
        itemScores: {},
        validatedBy: validatedBy ?? null,
        ...(validatedAt ? { validatedAt: at(validatedAt) } : {}),
      });

    // Alpha one: 3 conversations of the period (one evaluation done, one failed; a chat), a test call and a
    // call of December left out.
    const c1 = await call(campaign.alpha1, agentA, '2031-01-05T10:00:00Z', 600);
    await evaluated(c1, gridA1.grid);
    const c2 = await call(campaign.alpha1, agentA, '2031-01-10T10:00:00Z', 1200);
    await evaluated(c2, gridA1.grid);
    await db.update(evaluations).set({ status: 'failed' }).where(eq(evaluations.conversationId, c2));
    await addConversation(db, {
      campaignId: campaign.alpha1,
      agentId: agentA,
      type: 'chat',
      startedAt: at('2031-01-12T10:00:00Z'),
      durationSeconds: 300,
    });
    const test = await addConversation(db, {
      campaignId: campaign.alpha1,
      agentId: agentA,
      isTest: true,
      startedAt: at('2031-01-06T10:00:00Z'),
      durationSeconds: 3600,
    });
    await evaluated(test, gridA1.grid);
    const december = await call(campaign.alpha1, agentA, '2030-12-31T10:00:00Z', 1800);
    await evaluated(december, gridA1.grid);
    // Alpha two: one evaluated call, validated in the period by someone who is no member.
    const c6 = await call(campaign.alpha2, agentA, '2031-01-20T10:00:00Z', 900);
    await evaluated(c6, gridA2.grid, validatorA, '2031-01-25T10:00:00Z');
    // Beta one: one call of two hours, not evaluated; an item answered in the period.
    const c7 = await call(campaign.beta1, agentB, '2031-01-15T10:00:00Z', 7200);

    const session = (userId: string, createdAt: string) => ({
      id: newId(),
      userId,
      familyId: newId(),
      tokenHash: newId(),
      expiresAt: at('2032-01-01T00:00:00Z'),
      createdAt: at(createdAt),
    });
    await db
      .insert(sessions)
      .values([
        session(supA, '2031-01-02T08:00:00Z'),
        session(agentA, '2030-12-01T08:00:00Z'),
        session(idleA, '2031-02-15T08:00:00Z'),
        session(agentB, '2030-11-01T08:00:00Z'),
      ]);
    await db.insert(discussionMessages).values({
      id: newId(),
      conversationId: c6,
      authorId: agentA,
      body: 'Nice call',
      createdAt: at('2031-01-21T08:00:00Z'),
    });
    await db.insert(evaluationItemUpdates).values({
      id: newId(),
      conversationId: c7,
      gridId: gridB1.grid,
      gridVersion: 1,
      itemId: gridB1.gridItem,
      before: null,
      after: 'yes',
      userId: supB,
      createdAt: at('2031-01-16T08:00:00Z'),
    });

    admin = await t.accessToken(demoUsers.admin.email);
    supervisor = await t.accessToken(demoUsers.supervisor.email);
    agent = await t.accessToken(demoUsers.agent.email);
  });
  afterAll(() => t.close());

  const alpha = () => ({
    id: org.alpha,
    name: 'Kpi Alpha',
    conversations: 4,
    evaluations: 2,
    audio_hours: 0.75,
    active_users: 3,
  });
  const beta = () => ({
    id: org.beta,
    name: 'Kpi Beta',
    conversations: 1,
    evaluations: 0,
    audio_hours: 2,
    active_users: 1,
  });
  const gamma = () => ({ id: org.gamma, name: 'Kpi Gamma', ...zero });

  it('counts the period per organisation, test conversations and the period outside left out', async () => {
    const query = `${january}&organisations=${org.gamma}&organisations=${org.alpha}&organisations=${org.beta}`;
    const response = await kpis(admin, query);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      organisations: [alpha(), beta(), gamma()],
      totals: { conversations: 5, evaluations: 2, audio_hours: 2.75, active_users: 4 },
    });
  });

  it('lists every organisation without an organisation filter', async () => {
    const body = (await kpis(admin, january)).json();
    expect(body.organisations).toEqual(expect.arrayContaining([alpha(), beta(), gamma()]));
    expect(body.totals).toMatchObject({ conversations: 5, evaluations: 2, audio_hours: 2.75 });
  });

  it('keeps both ends of the range', async () => {
    const query = `startTs=${seconds('2031-01-05T10:00:00Z')}&endTs=${seconds('2031-01-10T10:00:00Z')}&organisations=${org.alpha}`;
    expect((await kpis(admin, query)).json().organisations).toEqual([
      { ...alpha(), conversations: 2, evaluations: 1, audio_hours: 0.5, active_users: 0 },
    ]);
  });

  it('narrows to the campaigns: their organisations, conversations, and the people who acted on them or are members', async () => {
    expect((await kpis(admin, `${january}&campaigns=${campaign.alpha1}`)).json()).toEqual({
      organisations: [{ ...alpha(), conversations: 3, evaluations: 1, audio_hours: 0.5, active_users: 1 }],
      totals: { conversations: 3, evaluations: 1, audio_hours: 0.5, active_users: 1 },
    });
    const both = `${january}&campaigns=${campaign.alpha2}&campaigns=${campaign.beta1}`;
    expect((await kpis(admin, both)).json().organisations).toEqual([
      { ...alpha(), conversations: 1, evaluations: 1, audio_hours: 0.25, active_users: 2 },
      beta(),
    ]);
  });

  it('answers 403 to anyone but an admin', async () => {
    for (const token of [supervisor, agent]) {
      const response = await kpis(token, january);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
  });

  it('refuses bad parameters with 400 and unknown ids with 404', async () => {
    for (const query of [
      `startTs=${seconds('2031-02-01T00:00:00Z')}&endTs=${seconds('2031-01-01T00:00:00Z')}`,
      'startTs=soon',
      'campaigns=not-an-id',
      'organisations=',
    ]) {
      const response = await kpis(admin, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ detail: expect.any(String) });
    }
    expect((await kpis(admin, `campaigns=${newId()}`)).statusCode).toBe(404);
    expect((await kpis(admin, `organisations=${org.alpha}&organisations=${newId()}`)).statusCode).toBe(404);
  });
});
