// A campaign's conversation phases: reading them, replacing them (bad input refused, other settings kept), the
// campaign's analysed conversations analysed again so that their phases, shown with the conversation, follow, and
// a new conversation's phases found by its first analysis.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { campaigns } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addUser, turn } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('campaign conversation phases API on %s', (kind) => {
  let t: TestApp;
  let supervisor: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    supervisor = await t.accessToken(demoUsers.supervisor.email);
  });
  afterAll(() => t.close());

  const url = (campaignId: string) => `/api/campaigns/${campaignId}/conversation-phases`;
  const get = (campaignId: string, token: string) =>
    t.app.inject({ url: url(campaignId), headers: bearer(token) });
  const put = (campaignId: string, token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: url(campaignId), headers: bearer(token), payload });

  // Who may read and replace them is checked by the authorization matrix.
  it('answers none for a campaign without phases', async () => {
    expect((await get(demoCampaigns.customerCare.id, supervisor)).json()).toEqual({ phases: [] });
  });

  it.each([
    ['a phase without a name', { phases: [{ name: ' ', markers: ['hello'] }] }],
    ['a phase without markers', { phases: [{ name: 'Greeting', markers: [] }] }],
    ['an empty marker', { phases: [{ name: 'Greeting', markers: ['  '] }] }],
    ['a marker without a letter or digit', { phases: [{ name: 'Greeting', markers: ['?!'] }] }],
    [
      'two phases named alike',
      {
        phases: [
          { name: 'Greeting', markers: ['hello'] },
          { name: 'GREETING', markers: ['bonjour'] },
        ],
      },
    ],
    ['an unknown field', { phases: [], colour: 'red' }],
    ['no list', { phase: [] }],
    [
      'more than 20 phases',
      { phases: Array.from({ length: 21 }, (_, n) => ({ name: `Phase ${n}`, markers: ['word'] })) },
    ],
  ])('refuses %s with 400 and a detail', async (_case, payload) => {
    const response = await put(demoCampaigns.customerCare.id, supervisor, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
    expect((await get(demoCampaigns.customerCare.id, supervisor)).json()).toEqual({ phases: [] });
  });

  it('stores the phases, keeps the other settings, and the analysed conversations get their phases', async () => {
    const { db } = t.database;
    const organisationId = (
      await db.select().from(campaigns).where(eq(campaigns.id, demoCampaigns.serviceClient.id))
    )[0]!.organisationId;
    const owner = await addUser(db, { organisationId, email: 'phases-owner@demo.local' });
    const campaignId = await addCampaign(db, {
      organisationId,
      name: 'Phases follow',
      members: [{ userId: owner, role: 'owner' }],
    });
    await db
      .update(campaigns)
      .set({ settings: { theme: 'kept' } })
      .where(eq(campaigns.id, campaignId));
    const callId = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      language: 'fr',
      turns: [
        turn('agent', 'Bonjour, service client.', { start: 0, end: 3 }),
        turn('customer', 'Mon colis est perdu.', { start: 4, end: 8 }),
        turn('agent', 'Votre numéro de client ?', { start: 9, end: 12 }),
        turn('customer', 'Le 4521.', { start: 13, end: 15 }),
        turn('agent', 'Je vous souhaite une BONNE journee.', { start: 16, end: 21 }),
      ],
    });
    const transcribing = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      status: 'transcribing',
    });
    const token = await t.accessToken('phases-owner@demo.local');

    const phases = [
      { name: ' Accueil ', markers: ['bonjour', ' salut '] },
      { name: 'Identification', markers: ['numéro de client'] },
      { name: 'Diagnostic', markers: ['quel est le problème'] },
      { name: 'Clôture', markers: ['bonne journée'] },
    ];
    const response = await put(campaignId, token, { phases });
    expect(response.statusCode).toBe(200);
    const stored = [
      { name: 'Accueil', markers: ['bonjour', 'salut'] },
      { name: 'Identification', markers: ['numéro de client'] },
      { name: 'Diagnostic', markers: ['quel est le problème'] },
      { name: 'Clôture', markers: ['bonne journée'] },
    ];
    expect(response.json()).toEqual({ phases: stored, reanalysing: 1 });
    expect((await get(campaignId, token)).json()).toEqual({ phases: stored });
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row!.settings).toEqual({ theme: 'kept', conversation_phases: stored });
    expect((await put(campaignId, token, { phases: stored })).json()).toEqual({
      phases: stored,
      reanalysing: 0,
    });

    const conversation = (id: string) =>
      t.app.inject({ url: `/api/conversations/${id}`, headers: bearer(token) }).then((r) => r.json());
    await vi.waitFor(
      async () => {
        expect((await conversation(callId)).phases).toEqual([
          {
            name: 'Accueil',
            marker: 'bonjour',
            first_turn: 1,
            last_turn: 2,
            turns: 2,
            start_s: 0,
            end_s: 9,
            duration_s: 9,
          },
          {
            name: 'Identification',
            marker: 'numéro de client',
            first_turn: 3,
            last_turn: 4,
            turns: 2,
            start_s: 9,
            end_s: 16,
            duration_s: 7,
          },
          {
            name: 'Clôture',
            marker: 'bonne journée',
            first_turn: 5,
            last_turn: 5,
            turns: 1,
            start_s: 16,
            end_s: 21,
            duration_s: 5,
          },
        ]);
      },
      { timeout: 20_000, interval: 200 },
    );
    expect((await conversation(transcribing)).phases).toEqual([]);

    expect((await put(campaignId, token, { phases: [] })).json()).toEqual({ phases: [], reanalysing: 1 });
    await vi.waitFor(async () => expect((await conversation(callId)).phases).toEqual([]), {
      timeout: 20_000,
      interval: 200,
    });
  });

  it('finds the phases of a new chat when it is first analysed, timed by its messages', async () => {
    const admin = await t.accessToken(demoUsers.admin.email);
    const campaignId = demoCampaigns.serviceClient.id;
    const phases = [
      { name: 'Accueil', markers: ['bonjour'] },
      { name: 'Diagnostic', markers: ['quel est le problème'] },
      { name: 'Clôture', markers: ['au revoir'] },
    ];
    expect((await put(campaignId, admin, { phases })).statusCode).toBe(200);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/conversations`,
      headers: bearer(admin),
      payload: {
        type: 'chat',
        agent_id: demoUsers.agent.id,
        messages: [
          { speaker: 'agent', text: 'Bonjour, que puis-je faire ?', sent_at: 1_700_000_000 },
          { speaker: 'customer', text: 'Ma box ne marche plus.', sent_at: 1_700_000_030 },
          { speaker: 'agent', text: 'Quel est le problème exactement ?', sent_at: 1_700_000_045 },
          { speaker: 'customer', text: 'Plus de voyant.', sent_at: 1_700_000_100 },
          { speaker: 'agent', text: 'Réglé. Au revoir !', sent_at: 1_700_000_400 },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = posted.json<{ id: string }>();
    await vi.waitFor(
      async () => {
        const conversation = (
          await t.app.inject({ url: `/api/conversations/${id}`, headers: bearer(admin) })
        ).json();
        expect(conversation).toMatchObject({ status: 'ready' });
        expect(conversation.phases).toEqual([
          {
            name: 'Accueil',
            marker: 'bonjour',
            first_turn: 1,
            last_turn: 2,
            turns: 2,
            start_s: null,
            end_s: null,
            duration_s: 45,
          },
          {
            name: 'Diagnostic',
            marker: 'quel est le problème',
            first_turn: 3,
            last_turn: 4,
            turns: 2,
            start_s: null,
            end_s: null,
            duration_s: 355,
          },
          {
            name: 'Clôture',
            marker: 'au revoir',
            first_turn: 5,
            last_turn: 5,
            turns: 1,
            start_s: null,
            end_s: null,
            duration_s: 0,
          },
        ]);
      },
      { timeout: 20_000, interval: 200 },
    );
  });
});
