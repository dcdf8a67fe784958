// The grid editor's item test on a conversation's turns: the rules engine's answer and evidence for one item (and
// each sub-item of a composed one), for those who read the conversation; a conversation and a pasted transcript
// together are refused, and so is neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, postTextCalls, type TestApp } from '../../fixtures/test-app';

const greets = { any_of: ['hello'], speaker: 'agent', absent: false };

describe.each(testDatabaseKinds)("the item test on a conversation's turns on %s", (kind) => {
  let t: TestApp;
  let owner: string;
  let outsider: string;
  let conversationIds: string[] = [];

  const as = (token: string) => bearer(token);

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await t.accessToken(demoUsers.supervisor.email);
    outsider = await t.accessToken(demoUsers.supervisor2.email);
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: as(owner),
      payload: { name: 'Item test', language: 'en' },
    });
    const campaignId = campaign.json().id;
    conversationIds = await postTextCalls(t.app, owner, { campaignId, agentId: demoUsers.agent.id }, [
      'Agent: Hello there.\nCustomer: My bill is wrong.\nAgent: Sorry about that.',
      'Agent: Hi.\nCustomer: My parcel is late.\nAgent: Sorry.',
    ]);
  });
  afterAll(() => t.close());

  const test = (body: object, token = owner) =>
    t.app.inject({
      method: 'POST',
      url: '/api/evaluation-grids/item/test',
      headers: as(token),
      payload: body,
    });

  it("tests an item on a conversation's turns, for those who read the conversation", async () => {
    const item = { description: 'Greets', item_type: 'binary_item', rules: greets };
    const response = await test({ ...item, conversation_id: conversationIds[0] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      engine: 'rules',
      value: 'yes',
      rule_reason: 'found',
      evidence: [{ turn: 1, text: 'Hello there.', verified: true }],
    });
    const notMet = await test({ ...item, conversation_id: conversationIds[1] });
    expect(notMet.json()).toMatchObject({ value: 'no', rule_reason: 'not_found', evidence: [] });
    expect((await test({ ...item, conversation_id: conversationIds[0] }, outsider)).statusCode).toBe(404);
    expect(
      (await test({ ...item, conversation_id: '019a0000-0000-7000-8000-00000000beef' })).statusCode,
    ).toBe(404);
    const composed = await test({
      item_type: 'composed_item',
      conversation_id: conversationIds[0],
      sub_items: [
        { name: 'Greets', rules: greets },
        { name: 'Thanks', rules: { any_of: ['thank you'], speaker: 'agent' } },
      ],
    });
    expect(composed.json()).toMatchObject({ value: { 0: 'yes', 1: 'no' }, evidence: [{ turn: 1 }] });
    const both = await test({ ...item, conversation_id: conversationIds[0], transcript: 'Agent: Hello.' });
    expect(both.statusCode).toBe(400);
    expect(both.json().detail).toBeTruthy();
    expect((await test(item)).statusCode).toBe(400);
  });
});
