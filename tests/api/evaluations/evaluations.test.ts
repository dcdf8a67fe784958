// Evaluations: launching (whole and one item) with who may, the evaluation job run on the demo grid, the result
// in GET /conversations/{id}, and the item test on a pasted transcript, with bad input refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversations } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { runEvaluationJobs } from '../../fixtures/evaluation-jobs';
import { addCampaign, addConversation } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';
import { textTurn } from '../../fixtures/turns';

const demoItem = (n: number) => `019a0000-0000-7000-8000-00000000${n}`;

describe.each(testDatabaseKinds)('evaluations on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let agent: string;
  let conversationId: string;

  const runEvaluationJob = async () =>
    expect(await runEvaluationJobs(t.database.db, { ...t.app.context, log: t.app.log })).toBe(1);

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web' });
    owner = await t.accessToken('supervisor@demo.local');
    agent = await t.accessToken('agent@demo.local');
    conversationId = newId();
    await t.database.db.insert(conversations).values({
      id: conversationId,
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      type: 'chat',
      status: 'ready',
      startedAt: new Date(),
      turns: [
        textTurn('agent', 'Hello, my name is Sam.'),
        textTurn('customer', 'My parcel never arrived.'),
        textTurn('agent', 'Let me look into it.'),
      ],
    });
  });
  afterAll(() => t.close());

  const launch = (token: string, id = conversationId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/evaluation/launch`,
      headers: bearer(token),
    });

  it('launches, evaluates the demo grid by rules and shows the result on the conversation', async () => {
    const queued = await launch(owner);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({ status: 'queued', grid_version: 1, engine: 'rules', items: [] });

    await runEvaluationJob();
    const read = await t.app.inject({ url: `/api/conversations/${conversationId}`, headers: bearer(agent) });
    const evaluation = read.json().evaluation;
    expect(evaluation.status).toBe('done');
    const byId = new Map(evaluation.items.map((item: { item_id: string }) => [item.item_id, item]));
    expect(byId.get(demoItem(1011))).toMatchObject({
      value: 'yes',
      score: 100,
      source: 'ai',
      evidence: [{ turn: 1, text: 'Hello, my name is Sam.', verified: true }],
    });
    expect(byId.get(demoItem(1012))).toMatchObject({ value: 'yes', rule_reason: 'found' });
    expect(byId.get(demoItem(1013))).toMatchObject({ value: 'na', score: null });
    expect(evaluation.main_score).not.toBeNull();
  });

  it('re-launches one item of the evaluation, which clears its validation', async () => {
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/evaluation/validate`,
      headers: bearer(owner),
    });
    expect(validated.json().validated).toBe(true);
    const item = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/evaluation/items/${demoItem(1011)}/launch`,
      headers: bearer(owner),
    });
    expect(item.statusCode).toBe(202);
    expect(item.json()).toMatchObject({ status: 'queued', validated: false, validated_by: null });
    await runEvaluationJob();
    const read = await t.app.inject({ url: `/api/conversations/${conversationId}`, headers: bearer(owner) });
    expect(read.json().evaluation.status).toBe('done');
    expect(read.json().evaluation.items.length).toBeGreaterThan(5);
  });

  it('validates and un-validates a finished evaluation, and refuses one still queued', async () => {
    const validate = (method: 'POST' | 'DELETE', token = owner) =>
      t.app.inject({
        method,
        url: `/api/conversations/${conversationId}/evaluation/validate`,
        headers: bearer(token),
      });
    const validated = await validate('POST');
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject({ validated: true, validated_by: demoUsers.supervisor.id });
    expect(validated.json().validated_at).toEqual(expect.any(Number));
    expect((await validate('POST', agent)).statusCode).toBe(403);
    const read = await t.app.inject({ url: `/api/conversations/${conversationId}`, headers: bearer(agent) });
    expect(read.json().evaluation.validated).toBe(true);

    const unvalidated = await validate('DELETE');
    expect(unvalidated.json()).toMatchObject({ validated: false, validated_by: null, validated_at: null });

    await launch(owner);
    const queued = await validate('POST');
    expect(queued.statusCode).toBe(409);
    expect(queued.json().detail).toMatch(/finished/);
    await runEvaluationJob();

    const never = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${await addConversation(t.database.db, {
        campaignId: demoCampaigns.customerCare.id,
        agentId: demoUsers.agent.id,
      })}/evaluation/validate`,
      headers: bearer(owner),
    });
    expect(never.statusCode).toBe(404);
  });

  it('refuses agents, unknown conversations and unknown items', async () => {
    expect((await launch(agent)).statusCode).toBe(403);
    expect((await launch(owner, newId())).statusCode).toBe(404);
    const item = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/evaluation/items/${newId()}/launch`,
      headers: bearer(owner),
    });
    expect(item.statusCode).toBe(404);
  });

  it('refuses a conversation still being analysed (409) and a campaign without a published grid (422)', async () => {
    const analysing = await addConversation(t.database.db, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      status: 'analysing',
    });
    const busy = await launch(owner, analysing);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().detail).toMatch(/analysed/);

    const gridless = await addCampaign(t.database.db, {
      organisationId: demoOrganisation.id,
      name: 'Without a grid',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    const unready = await launch(
      owner,
      await addConversation(t.database.db, { campaignId: gridless, agentId: demoUsers.agent.id }),
    );
    expect(unready.statusCode).toBe(422);
    expect(unready.json().detail).toMatch(/no published evaluation grid/);
  });

  it('turns automatic evaluation off and on in the campaign', async () => {
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/campaigns/${demoCampaigns.customerCare.id}`,
        headers: bearer(owner),
        payload,
      });
    const read = await t.app.inject({
      url: `/api/campaigns/${demoCampaigns.customerCare.id}`,
      headers: bearer(owner),
    });
    expect(read.json().auto_evaluate).toBe(true);
    expect((await patch({ auto_evaluate: false })).json().auto_evaluate).toBe(false);
    expect((await patch({ name: 'Customer Care' })).json().auto_evaluate).toBe(false);
    expect((await patch({ auto_evaluate: true })).json().auto_evaluate).toBe(true);
    const bad = await patch({ auto_evaluate: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
  });

  it('tests one item on a pasted transcript', async () => {
    const test = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/evaluation-grids/item/test',
        headers: bearer(owner),
        payload: body as object,
      });
    const met = await test({
      description: 'Says goodbye',
      transcript: 'Agent: Hello.\nCustomer: Thanks, bye.\nAgent: Au revoir !',
      item_type: 'binary_item',
      levels: [],
      rules: { any_of: ['au revoir'], speaker: 'agent' },
    });
    expect(met.statusCode).toBe(200);
    expect(met.json()).toMatchObject({ engine: 'rules', value: 'yes', evidence: [{ turn: 3 }] });
    const noRules = await test({ transcript: 'Agent: Hello.', item_type: 'binary_item' });
    expect(noRules.json()).toMatchObject({ value: null, not_evaluated_reason: 'no_rules' });
    const bad = await test({ transcript: 'no label here', item_type: 'binary_item' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
    expect((await test({ transcript: 'Agent: x', item_type: 'other' })).statusCode).toBe(400);
  });
});
