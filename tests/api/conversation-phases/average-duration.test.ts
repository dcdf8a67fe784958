// The phases' average durations graph: hand-computed figures from stored phases (calls in seconds, chats and
// emails in turns and elapsed seconds), test and unanalysed conversations left out, agents limited to their own,
// filters by time and agent, bad parameters refused and campaigns or agents the caller cannot read answered 404
// (403 to a member of the organisation who is not in the campaign).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationPhase } from '../../../contract/conversation-phases';
import { demoOrganisation } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const t0 = 1_700_000_000;
const at = (offset: number) => new Date((t0 + offset) * 1000);

const phase = (
  name: string,
  position: { first: number; turns: number },
  durationS: number | null,
): ConversationPhase => ({
  name,
  marker: name.toLowerCase(),
  first_turn: position.first,
  last_turn: position.first + position.turns - 1,
  turns: position.turns,
  start_s: null,
  end_s: null,
  duration_s: durationS,
});

/** An id of the right shape: parameters are checked before any campaign is looked up. */
const validId = '019a0000-0000-7000-8000-000000000301';

const none = { conversations: 0, average_turns: null, average_elapsed_s: null };

describe.each(testDatabaseKinds)('phases average duration graph on %s', (kind) => {
  let t: TestApp;
  let campaignId: string;
  let otherAgentId: string;
  let outsiderAgentId: string;
  const tokens: Record<'supervisor' | 'agent' | 'stranger' | 'outsider', string> = {
    supervisor: '',
    agent: '',
    stranger: '',
    outsider: '',
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    const organisationId = demoOrganisation.id;
    const [supervisorId, agentId, otherAgent, outsiderAgent] = await Promise.all([
      addUser(db, { organisationId, email: 'phases-sup@demo.local' }),
      addUser(db, { organisationId, email: 'phases-agent@demo.local', role: 'agent' }),
      addUser(db, { organisationId, email: 'phases-agent2@demo.local', role: 'agent' }),
      addUser(db, { organisationId, email: 'phases-agent3@demo.local', role: 'agent' }),
      addUser(db, { organisationId, email: 'phases-stranger@demo.local' }),
    ]);
    otherAgentId = otherAgent;
    outsiderAgentId = outsiderAgent;
    campaignId = await addCampaign(db, {
      organisationId,
      name: 'Phases graph',
      members: [
        { userId: supervisorId, role: 'viewer' },
        { userId: agentId, role: 'viewer' },
        { userId: otherAgent, role: 'viewer' },
      ],
    });
    const elsewhere = await addOrganisation(db, 'Phases Graph Elsewhere');
    await addUser(db, { organisationId: elsewhere, email: 'boss@phases-graph.local' });
    const base = { campaignId, agentId };
    await Promise.all([
      addConversation(db, {
        ...base,
        startedAt: at(0),
        phases: [phase('Greeting', { first: 1, turns: 2 }, 10), phase('Closing', { first: 3, turns: 1 }, 6)],
      }),
      addConversation(db, {
        ...base,
        agentId: otherAgent,
        startedAt: at(100),
        phases: [
          phase('Greeting', { first: 1, turns: 3 }, 20),
          phase('Resolution', { first: 4, turns: 4 }, 30),
          phase('Closing', { first: 8, turns: 1 }, null),
        ],
      }),
      addConversation(db, {
        ...base,
        type: 'chat',
        startedAt: at(200),
        phases: [
          phase('Greeting', { first: 1, turns: 1 }, 60),
          phase('Resolution', { first: 2, turns: 3 }, 300),
        ],
      }),
      addConversation(db, {
        ...base,
        type: 'email',
        startedAt: at(300),
        phases: [phase('Greeting', { first: 1, turns: 2 }, null)],
      }),
      addConversation(db, { ...base, startedAt: at(400), phases: [] }),
      addConversation(db, {
        ...base,
        isTest: true,
        startedAt: at(50),
        phases: [phase('Greeting', { first: 1, turns: 1 }, 1000)],
      }),
      addConversation(db, {
        ...base,
        status: 'analysing',
        startedAt: at(60),
        phases: [phase('Greeting', { first: 1, turns: 1 }, 500)],
      }),
    ]);
    const emails = {
      supervisor: 'phases-sup@demo.local',
      agent: 'phases-agent@demo.local',
      stranger: 'phases-stranger@demo.local',
      outsider: 'boss@phases-graph.local',
    } as const;
    for (const [caller, email] of Object.entries(emails))
      tokens[caller as keyof typeof emails] = await t.accessToken(email);
  });
  afterAll(() => t.close());

  const graph = (token: string, query: string) =>
    t.app.inject({ url: `/api/dashboards/graphs/phases/average-duration?${query}`, headers: bearer(token) });
  const figures = async (token: string, query: string) => {
    const response = await graph(token, query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('averages every analysed, non-test conversation of the campaign, phases in their usual order', async () => {
    expect(await figures(tokens.supervisor, `campaigns=${campaignId}`)).toEqual({
      conversations: 5,
      phases: [
        {
          name: 'Greeting',
          calls: { conversations: 2, average_duration_s: 15 },
          chats_and_emails: { conversations: 2, average_turns: 1.5, average_elapsed_s: 60 },
        },
        {
          name: 'Resolution',
          calls: { conversations: 1, average_duration_s: 30 },
          chats_and_emails: { conversations: 1, average_turns: 3, average_elapsed_s: 300 },
        },
        {
          name: 'Closing',
          calls: { conversations: 2, average_duration_s: 6 },
          chats_and_emails: none,
        },
      ],
    });
  });

  it('filters by time range (inclusive) and by agent', async () => {
    expect(
      await figures(tokens.supervisor, `campaigns=${campaignId}&startTs=${t0 + 100}&endTs=${t0 + 200}`),
    ).toEqual({
      conversations: 2,
      phases: [
        {
          name: 'Greeting',
          calls: { conversations: 1, average_duration_s: 20 },
          chats_and_emails: { conversations: 1, average_turns: 1, average_elapsed_s: 60 },
        },
        {
          name: 'Resolution',
          calls: { conversations: 1, average_duration_s: 30 },
          chats_and_emails: { conversations: 1, average_turns: 3, average_elapsed_s: 300 },
        },
        { name: 'Closing', calls: { conversations: 1, average_duration_s: null }, chats_and_emails: none },
      ],
    });
    expect(await figures(tokens.supervisor, `campaigns=${campaignId}&agents=${otherAgentId}`)).toMatchObject({
      conversations: 1,
      phases: [
        { name: 'Greeting', calls: { conversations: 1, average_duration_s: 20 }, chats_and_emails: none },
        { name: 'Resolution', calls: { conversations: 1, average_duration_s: 30 }, chats_and_emails: none },
        { name: 'Closing', calls: { conversations: 1, average_duration_s: null }, chats_and_emails: none },
      ],
    });
  });

  it('gives agents their own conversations only, whatever they ask', async () => {
    expect(await figures(tokens.agent, `campaigns=${campaignId}&campaigns=${campaignId}`)).toEqual({
      conversations: 4,
      phases: [
        {
          name: 'Greeting',
          calls: { conversations: 1, average_duration_s: 10 },
          chats_and_emails: { conversations: 2, average_turns: 1.5, average_elapsed_s: 60 },
        },
        { name: 'Closing', calls: { conversations: 1, average_duration_s: 6 }, chats_and_emails: none },
        {
          name: 'Resolution',
          calls: { conversations: 0, average_duration_s: null },
          chats_and_emails: { conversations: 1, average_turns: 3, average_elapsed_s: 300 },
        },
      ],
    });
    // Naming another agent teaches an agent nothing: the same answer as an unknown id.
    expect((await graph(tokens.agent, `campaigns=${campaignId}&agents=${otherAgentId}`)).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for campaigns and agents the caller cannot read, 403 to a non-member', async () => {
    const unknown = '019a0000-0000-7000-8000-00000000ffff';
    expect((await graph(tokens.stranger, `campaigns=${campaignId}`)).statusCode).toBe(403);
    // An agent of the organisation outside the campaign is no secret to its supervisor: nothing of theirs counts.
    expect(await figures(tokens.supervisor, `campaigns=${campaignId}&agents=${outsiderAgentId}`)).toEqual({
      conversations: 0,
      phases: [],
    });
    for (const [token, query] of [
      [tokens.outsider, `campaigns=${campaignId}`],
      [tokens.supervisor, `campaigns=${unknown}`],
      [tokens.supervisor, `campaigns=${campaignId}&campaigns=${unknown}`],
      [tokens.supervisor, `campaigns=${campaignId}&agents=${unknown}`],
    ] as const) {
      const response = await graph(token, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it.each([
    ['no campaign', ''],
    ['a campaign that is not an id', 'campaigns=care'],
    ['a start that is not a number', `campaigns=${validId}&startTs=yesterday`],
    ['a start after the end', `campaigns=${validId}&startTs=${t0 + 10}&endTs=${t0}`],
    ['an agent that is not an id', `campaigns=${validId}&agents=bob`],
  ])('refuses %s with 400 and a detail', async (_case, query) => {
    const response = await graph(tokens.supervisor, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('detail');
  });
});
