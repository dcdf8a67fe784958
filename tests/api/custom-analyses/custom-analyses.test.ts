// The custom analyses API: a campaign's questions listed by its readers; created, changed (a change of what is
// asked drops the stored answers) and deleted by those who may edit its settings; bad bodies refused with 400.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { customAnalysisResults } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const cancels = {
  name: 'Cancellation',
  question: 'Does the customer ask to cancel?',
  type: 'yes_no',
  rules: { any_of: ['cancel', 'résilier'], speaker: 'customer' },
};
const reason = {
  name: 'Reason',
  question: 'Why does the customer call?',
  type: 'choice',
  options: ['Billing', 'Outage'],
  rules: { choices: [{ option: 'Billing', any_of: ['bill', 'facture'] }] },
};

describe.each(testDatabaseKinds)('custom analyses on %s', (kind) => {
  let t: TestApp;
  let campaignId: string;
  const token = { owner: '', viewer: '', outsider: '', foreigner: '' };

  const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });
  const create = (payload: object) =>
    call(token.owner, 'POST', `/campaigns/${campaignId}/custom-analyses`, payload);

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    const { db } = t.database;
    const foreignOrg = await addOrganisation(db, 'Foreign analyses');
    await addUser(db, { organisationId: foreignOrg, email: 'sup@foreign-analyses.local' });
    await addUser(db, { organisationId: demoOrganisation.id, email: 'outsider.analyses@demo.local' });
    campaignId = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Analyses',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner', policy: { can_edit_settings: true } },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    token.owner = await t.accessToken(demoUsers.supervisor.email);
    token.viewer = await t.accessToken(demoUsers.agent.email);
    token.outsider = await t.accessToken('outsider.analyses@demo.local');
    token.foreigner = await t.accessToken('sup@foreign-analyses.local');
  });
  afterAll(() => t.close());

  it('creates analyses of each type and lists them in creation order to every reader', async () => {
    const first = await create(cancels);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      campaign_id: campaignId,
      ...cancels,
      options: null,
      rules: { any_of: ['cancel', 'résilier'], speaker: 'customer', absent: false },
    });
    const second = await create(reason);
    expect(second.statusCode).toBe(201);
    const count = await create({
      name: 'Apologies',
      question: 'How many times does the agent apologise?',
      type: 'number',
      rules: { count_of: ['sorry'], speaker: 'agent' },
    });
    const free = await create({ name: 'Summary', question: 'Summarise the call', type: 'free_text' });
    expect([count.statusCode, free.statusCode]).toEqual([201, 201]);
    for (const reader of [token.owner, token.viewer]) {
      const list = await call(reader, 'GET', `/campaigns/${campaignId}/custom-analyses`);
      expect(list.statusCode).toBe(200);
      expect(list.json().items.map((item: { name: string }) => item.name)).toEqual([
        'Cancellation',
        'Reason',
        'Apologies',
        'Summary',
      ]);
    }
    expect(free.json()).toMatchObject({ options: null, rules: null });
  });

  it('refuses bodies that are not a whole valid analysis with 400 and a detail', async () => {
    for (const body of [
      { ...cancels, type: 'maybe' },
      { ...cancels, name: '' },
      { ...reason, options: ['Billing'] },
      { ...reason, options: ['Billing', 'Billing'] },
      { ...reason, rules: { choices: [{ option: 'Moving', any_of: ['move'] }] } },
      { ...cancels, rules: { any_of: [] } },
      { ...cancels, rules: { any_of: ['...'] } },
      { ...cancels, colour: 'red' },
      { name: 'Count', question: 'How many?', type: 'number', options: ['1', '2'] },
    ]) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ detail: expect.any(String) });
    }
  });

  it('changes an analysis; a change of what is asked drops its answers, a new name keeps them', async () => {
    const { db } = t.database;
    const analysis = (await create({ ...cancels, name: 'To change' })).json();
    const conversationId = await addConversation(db, { campaignId, agentId: demoUsers.agent.id });
    const answer = () =>
      db
        .insert(customAnalysisResults)
        .values({ conversationId, analysisId: analysis.id, value: true, engine: 'rules' as const });
    const answers = async () =>
      (await db.select().from(customAnalysisResults).where(eq(customAnalysisResults.analysisId, analysis.id)))
        .length;
    await answer();

    const renamed = await call(token.owner, 'PATCH', `/custom-analyses/${analysis.id}`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', question: cancels.question, type: 'yes_no' });
    expect(await answers()).toBe(1);

    const toChoice = await call(token.owner, 'PATCH', `/custom-analyses/${analysis.id}`, {
      type: 'choice',
      options: ['Yes, firmly', 'Maybe'],
      rules: null,
    });
    expect(toChoice.statusCode).toBe(200);
    expect(toChoice.json()).toMatchObject({ type: 'choice', options: ['Yes, firmly', 'Maybe'], rules: null });
    expect(await answers()).toBe(0);

    // Back to yes/no: the options go; yes/no rules written for a choice are refused.
    const wrongRules = await call(token.owner, 'PATCH', `/custom-analyses/${analysis.id}`, {
      type: 'yes_no',
      rules: { choices: [{ option: 'Maybe', any_of: ['maybe'] }] },
    });
    expect(wrongRules.statusCode).toBe(400);
    expect(wrongRules.json().detail).toMatch(/rules/);
    const toYesNo = await call(token.owner, 'PATCH', `/custom-analyses/${analysis.id}`, { type: 'yes_no' });
    expect(toYesNo.json()).toMatchObject({ type: 'yes_no', options: null });
    for (const body of [{ name: '' }, { type: 'maybe' }, { colour: 'red' }]) {
      expect((await call(token.owner, 'PATCH', `/custom-analyses/${analysis.id}`, body)).statusCode).toBe(
        400,
      );
    }
  });

  it('deletes an analysis with its answers', async () => {
    const analysis = (await create({ ...cancels, name: 'To delete' })).json();
    expect((await call(token.owner, 'DELETE', `/custom-analyses/${analysis.id}`)).statusCode).toBe(204);
    expect((await call(token.owner, 'DELETE', `/custom-analyses/${analysis.id}`)).statusCode).toBe(404);
    expect(
      (await call(token.owner, 'PATCH', `/custom-analyses/${analysis.id}`, { name: 'x' })).statusCode,
    ).toBe(404);
  });

  it('lets only those who edit the settings change them; others of the organisation get 403, outsiders 404', async () => {
    const analysis = (await create({ ...cancels, name: 'Guarded' })).json();
    const attempts = (who: string) => [
      call(who, 'POST', `/campaigns/${campaignId}/custom-analyses`, cancels),
      call(who, 'PATCH', `/custom-analyses/${analysis.id}`, { name: 'Taken' }),
      call(who, 'DELETE', `/custom-analyses/${analysis.id}`),
    ];
    for (const response of await Promise.all(attempts(token.viewer))) expect(response.statusCode).toBe(403);
    expect((await call(token.outsider, 'GET', `/campaigns/${campaignId}/custom-analyses`)).statusCode).toBe(
      403,
    );
    for (const response of await Promise.all(attempts(token.foreigner)))
      expect(response.statusCode).toBe(404);
    expect((await call(token.foreigner, 'GET', `/campaigns/${campaignId}/custom-analyses`)).statusCode).toBe(
      404,
    );
    expect((await call(token.owner, 'GET', `/campaigns/${newId()}/custom-analyses`)).statusCode).toBe(404);
    expect((await call(token.owner, 'PATCH', `/custom-analyses/not-an-id`, { name: 'x' })).statusCode).toBe(
      400,
    );
  });
});
