// The custom analyses' graphs on a small fixed data set counted by hand: per analysis the yes/no counts, the
// options' counts, the numbers' min, max and average, the answered and unanswered; the free-text answers page by
// page; test conversations and the period's outside left out, agents limited to their own, the agents filter;
// bad parameters refused with 400, unreadable campaigns with 404 (403 inside the organisation).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomAnalysisValue } from '../../../contract/custom-analyses';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { customAnalysisResults } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const seconds = (iso: string) => new Date(iso).getTime() / 1000;
const march = `startTs=${seconds('2031-03-01T00:00:00Z')}&endTs=${seconds('2031-03-31T00:00:00Z')}`;

describe.each(testDatabaseKinds)('custom analyses graphs on %s', (kind) => {
  let t: TestApp;
  let campaignId: string;
  let otherCampaignId: string;
  const token = { supervisor: '', agent: '', outsider: '', foreigner: '' };
  const analysis = { cancels: '', reason: '', apologies: '', summary: '', elsewhere: '' };
  const conversation = { k1: '', k2: '', k4: '' };

  const get = (who: string, url: string) => t.app.inject({ url: `/api${url}`, headers: bearer(who) });
  const details = (who: string, query: string) =>
    get(who, `/dashboards/graphs/custom-analyses/details?campaigns=${campaignId}&${query}`);
  const freeText = (who: string, query: string, id = analysis.summary) =>
    get(who, `/dashboards/graphs/custom-analyses-free-text/${id}?campaigns=${campaignId}&${query}`);

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    const { db } = t.database;
    const foreignOrg = await addOrganisation(db, 'Foreign graphs');
    await addUser(db, { organisationId: foreignOrg, email: 'sup@foreign-graphs.local' });
    const members = [
      { userId: demoUsers.supervisor.id, role: 'owner' as const, policy: { can_edit_settings: true } },
      { userId: demoUsers.agent.id, role: 'viewer' as const },
    ];
    campaignId = await addCampaign(db, { organisationId: demoOrganisation.id, name: 'Graphs', members });
    otherCampaignId = await addCampaign(db, { organisationId: demoOrganisation.id, name: 'Other', members });
    token.supervisor = await t.accessToken(demoUsers.supervisor.email);
    token.agent = await t.accessToken(demoUsers.agent.email);
    token.outsider = await t.accessToken(demoUsers.supervisor2.email);
    token.foreigner = await t.accessToken('sup@foreign-graphs.local');

    const create = async (campaign: string, body: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/campaigns/${campaign}/custom-analyses`,
          headers: bearer(token.supervisor),
          payload: body,
        })
      ).json().id as string;
    analysis.cancels = await create(campaignId, { name: 'Cancels', question: 'Cancel?', type: 'yes_no' });
    analysis.reason = await create(campaignId, {
      name: 'Reason',
      question: 'Why?',
      type: 'choice',
      options: ['Billing', 'Outage', 'Other'],
    });
    analysis.apologies = await create(campaignId, {
      name: 'Apologies',
      question: 'How many?',
      type: 'number',
    });
    analysis.summary = await create(campaignId, { name: 'Summary', question: 'Summary?', type: 'free_text' });
    analysis.elsewhere = await create(otherCampaignId, {
      name: 'Else',
      question: 'Else?',
      type: 'free_text',
    });

    const answered = async (
      agentId: string,
      startedAt: string,
      [cancels, reason, apologies, summary]: CustomAnalysisValue[],
      isTest = false,
    ) => {
      const id = await addConversation(db, { campaignId, agentId, startedAt: new Date(startedAt), isTest });
      const value = (analysisId: string, answer: CustomAnalysisValue) => ({
        conversationId: id,
        analysisId,
        value: answer,
        engine: 'rules' as const,
      });
      await db
        .insert(customAnalysisResults)
        .values([
          value(analysis.cancels, cancels ?? null),
          value(analysis.reason, reason ?? null),
          value(analysis.apologies, apologies ?? null),
          value(analysis.summary, summary ?? null),
        ]);
      return id;
    };
    const { agent, agent2 } = demoUsers;
    conversation.k1 = await answered(agent.id, '2031-03-01T10:00:00Z', [true, 'Billing', 2, 'Late delivery']);
    conversation.k2 = await answered(agent.id, '2031-03-02T10:00:00Z', [false, 'Billing', 4, 'Wrong bill']);
    await answered(agent.id, '2031-03-03T10:00:00Z', [null, null, 0, null]);
    conversation.k4 = await answered(agent2.id, '2031-03-04T10:00:00Z', [true, 'Outage', 6, 'No signal']);
    await answered(agent2.id, '2031-03-05T10:00:00Z', [true, 'Outage', 100, 'Test only'], true);
    await answered(agent.id, '2031-04-10T10:00:00Z', [true, 'Other', 50, 'April']);
  });
  afterAll(() => t.close());

  const row = (id: string, name: string, type: string, figures: object) => ({
    id,
    campaign_id: campaignId,
    name,
    question: expect.any(String),
    type,
    yes: null,
    no: null,
    options: null,
    number: null,
    ...figures,
  });

  it('counts each analysis over the period, test conversations left out', async () => {
    const response = await details(token.supervisor, march);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      analyses: [
        row(analysis.cancels, 'Cancels', 'yes_no', { answered: 3, unanswered: 1, yes: 2, no: 1 }),
        row(analysis.reason, 'Reason', 'choice', {
          answered: 3,
          unanswered: 1,
          options: [
            { option: 'Billing', count: 2 },
            { option: 'Outage', count: 1 },
            { option: 'Other', count: 0 },
          ],
        }),
        row(analysis.apologies, 'Apologies', 'number', {
          answered: 4,
          unanswered: 0,
          number: { min: 0, max: 6, average: 3 },
        }),
        row(analysis.summary, 'Summary', 'free_text', { answered: 3, unanswered: 1 }),
      ],
    });
  });

  it('limits agents to their own conversations and applies the agents filter', async () => {
    const mine = (await details(token.agent, march)).json().analyses;
    expect(mine[0]).toMatchObject({ answered: 2, unanswered: 1, yes: 1, no: 1 });
    expect(mine[2]).toMatchObject({ answered: 3, number: { min: 0, max: 4, average: 2 } });
    // Naming another agent teaches an agent nothing: the same answer as an unknown id.
    expect((await details(token.agent, `${march}&agents=${demoUsers.agent2.id}`)).statusCode).toBe(404);
    const theirs = (await details(token.supervisor, `${march}&agents=${demoUsers.agent2.id}`)).json()
      .analyses;
    expect(theirs[0]).toMatchObject({ answered: 1, unanswered: 0, yes: 1, no: 0 });
    // Without a range, April counts too.
    expect((await details(token.supervisor, '')).json().analyses[2]).toMatchObject({
      answered: 5,
      number: { min: 0, max: 50, average: 12.4 },
    });
  });

  it('pages the free-text answers, newest conversation first, answers only', async () => {
    const first = await freeText(token.supervisor, `${march}&limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      items: [
        {
          id: conversation.k4,
          started_at: seconds('2031-03-04T10:00:00Z'),
          agent_name: demoUsers.agent2.name,
          answer: 'No signal',
        },
        {
          id: conversation.k2,
          started_at: seconds('2031-03-02T10:00:00Z'),
          agent_name: demoUsers.agent.name,
          answer: 'Wrong bill',
        },
      ],
      next_start_after: conversation.k2,
    });
    const second = await freeText(token.supervisor, `${march}&limit=2&start_after=${conversation.k2}`);
    expect(second.json()).toEqual({
      items: [expect.objectContaining({ id: conversation.k1, answer: 'Late delivery' })],
      next_start_after: null,
    });
    const mine = (await freeText(token.agent, march)).json();
    expect(mine.items.map((item: { answer: string }) => item.answer)).toEqual([
      'Wrong bill',
      'Late delivery',
    ]);
  });

  it('refuses bad parameters with 400 and campaigns or analyses the caller cannot read with 404 or 403', async () => {
    for (const url of [
      '/dashboards/graphs/custom-analyses/details',
      `/dashboards/graphs/custom-analyses/details?campaigns=${campaignId}&startTs=10&endTs=5`,
      `/dashboards/graphs/custom-analyses/details?campaigns=nope`,
      `/dashboards/graphs/custom-analyses-free-text/${analysis.summary}?campaigns=${campaignId}&limit=0`,
      `/dashboards/graphs/custom-analyses-free-text/nope?campaigns=${campaignId}`,
    ]) {
      const response = await get(token.supervisor, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ detail: expect.any(String) });
    }
    expect((await details(token.outsider, march)).statusCode).toBe(403);
    expect((await details(token.foreigner, march)).statusCode).toBe(404);
    expect((await freeText(token.foreigner, march)).statusCode).toBe(404);
    expect(
      (await get(token.supervisor, `/dashboards/graphs/custom-analyses/details?campaigns=${newId()}`))
        .statusCode,
    ).toBe(404);
    // An analysis of a campaign not asked for, an unknown one.
    expect((await freeText(token.supervisor, march, analysis.elsewhere)).statusCode).toBe(404);
    expect((await freeText(token.supervisor, march, newId())).statusCode).toBe(404);
  });
});
