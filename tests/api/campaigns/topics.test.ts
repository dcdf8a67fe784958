// A campaign's topics: reading them, replacing them (bad input refused, other settings kept), and the campaign's
// analysed conversations analysed again so that their topics follow, while calls being transcribed and failed
// conversations are left alone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { customerCareTopics, serviceClientTopics } from '../../../server/demo/topics';
import { campaigns, jobs } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addOrganisation, addUser, turn } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('campaign topics API on %s', (kind) => {
  let t: TestApp;
  let supervisor: string;
  let agent: string;
  let outsider: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [supervisor, agent] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
    ]);
    const elsewhere = await addOrganisation(t.database.db, 'Topics Elsewhere');
    await addUser(t.database.db, { organisationId: elsewhere, email: 'boss@topics-elsewhere.local' });
    outsider = await t.accessToken('boss@topics-elsewhere.local');
  });
  afterAll(() => t.close());

  const url = (campaignId: string) => `/api/campaigns/${campaignId}/topics`;
  const get = (campaignId: string, token: string) =>
    t.app.inject({ url: url(campaignId), headers: bearer(token) });
  const put = (campaignId: string, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: url(campaignId), headers: bearer(token), payload });

  it('answers the demo campaigns their topics, to every reader and to no one else', async () => {
    expect((await get(demoCampaigns.customerCare.id, supervisor)).json()).toEqual({
      topics: customerCareTopics,
    });
    expect((await get(demoCampaigns.serviceClient.id, supervisor)).json()).toEqual({
      topics: serviceClientTopics,
    });
    expect((await get(demoCampaigns.customerCare.id, agent)).statusCode).toBe(200);
    const foreign = await get(demoCampaigns.customerCare.id, outsider);
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    ['a topic without a name', { topics: [{ name: ' ', keywords: ['parcel'] }] }],
    ['a topic without keywords', { topics: [{ name: 'Delivery', keywords: [] }] }],
    ['a keyword without a letter or digit', { topics: [{ name: 'Delivery', keywords: ['*'] }] }],
    [
      'two topics named alike',
      {
        topics: [
          { name: 'Delivery', keywords: ['parcel'] },
          { name: 'delivery', keywords: ['courier'] },
        ],
      },
    ],
    ['an unknown field', { topics: [], theme: 'dark' }],
    ['no list', { topic: [] }],
    [
      'more than 100 topics',
      { topics: Array.from({ length: 101 }, (_, n) => ({ name: `Topic ${n}`, keywords: ['word'] })) },
    ],
  ])('refuses %s with 400 and a detail', async (_case, payload) => {
    const response = await put(demoCampaigns.customerCare.id, supervisor, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
    expect((await get(demoCampaigns.customerCare.id, supervisor)).json()).toEqual({
      topics: customerCareTopics,
    });
  });

  it('refuses viewers with 403 and foreign campaigns with 404', async () => {
    const topics = { topics: [{ name: 'Anything', keywords: ['any'] }] };
    expect((await put(demoCampaigns.customerCare.id, agent, topics)).statusCode).toBe(403);
    expect((await put(demoCampaigns.customerCare.id, outsider, topics)).statusCode).toBe(404);
  });

  it('stores the topics, keeps the other settings, and re-analyses the analysed conversations', async () => {
    const { db } = t.database;
    const organisationId = (
      await db.select().from(campaigns).where(eq(campaigns.id, demoCampaigns.customerCare.id))
    )[0]!.organisationId;
    const owner = await addUser(db, { organisationId, email: 'topics-owner@demo.local' });
    const campaignId = await addCampaign(db, {
      organisationId,
      name: 'Topics follow',
      members: [{ userId: owner, role: 'owner' }],
    });
    await db
      .update(campaigns)
      .set({ settings: { theme: 'kept', topics: [{ name: 'Old', keywords: ['hello'] }] } })
      .where(eq(campaigns.id, campaignId));
    const said = [
      turn('customer', 'My parcel never came.'),
      turn('agent', 'Hello, I will check the tracking.'),
    ];
    const ready = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      turns: said,
      topics: ['Old'],
    });
    const analysing = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      status: 'analysing',
      turns: said,
    });
    const transcribing = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      status: 'transcribing',
    });
    const failed = await addConversation(db, { campaignId, agentId: demoUsers.agent.id, status: 'failed' });
    const token = await t.accessToken('topics-owner@demo.local');

    const topics = [{ name: ' Delivery ', keywords: [' parcel ', 'track*'] }];
    const response = await put(campaignId, token, { topics });
    expect(response.statusCode).toBe(200);
    const stored = [{ name: 'Delivery', keywords: ['parcel', 'track*'] }];
    expect(response.json()).toEqual({ topics: stored, reanalysing: 2 });
    expect((await get(campaignId, token)).json()).toEqual({ topics: stored });
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row!.settings).toEqual({ theme: 'kept', topics: stored });

    const analysisJobs = async (conversationId: string) =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.conversationId, conversationId), eq(jobs.kind, 'analysis')));
    expect(await analysisJobs(transcribing)).toEqual([]);
    expect(await analysisJobs(failed)).toEqual([]);
    await vi.waitFor(
      async () => {
        for (const id of [ready, analysing]) {
          const conversation = await t.app.inject({
            url: `/api/conversations/${id}`,
            headers: bearer(token),
          });
          expect(conversation.json()).toMatchObject({ status: 'ready', topics: ['Delivery'] });
        }
      },
      { timeout: 20_000, interval: 200 },
    );

    const again = await put(campaignId, token, { topics: stored });
    expect(again.json()).toEqual({ topics: stored, reanalysing: 0 });
  });
});
