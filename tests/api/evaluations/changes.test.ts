// People's changes to evaluations: answering an item (scores computed again, the validation cleared) and
// commenting it, both recorded and listed in the item's history across the campaign, with bad input and access
// refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { campaignMembers } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addConversation, addEvaluation, addOrganisation, addUser, turn } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const demoItem = (n: number) => `019a0000-0000-7000-8000-00000000${n}`;
const campaignId = demoCampaigns.customerCare.id;

describe.each(testDatabaseKinds)('changes to evaluations on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let agent: string;
  let viewer: string;
  let foreigner: string;
  let own: string;
  let othersConversation: string;

  const put = (token: string, path: string, payload: object, id = own) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/conversations/${id}/evaluation/items/${path}`,
      headers: bearer(token),
      payload,
    });
  const answer = (token: string, item: number, value: unknown, more: object = {}, id = own) =>
    put(token, demoItem(item), { evaluation_item: { value }, item_type: 'binary_item', ...more }, id);
  const updates = (token: string, item: number, query = '') =>
    t.app.inject({
      url: `/api/dashboards/graphs/campaigns/${campaignId}/evaluation-items/${demoItem(item)}/updates${query}`,
      headers: bearer(token),
    });
  const itemOf = (evaluation: { items: { item_id: string }[] }, item: number) =>
    evaluation.items.find((result) => result.item_id === demoItem(item));

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web' });
    const { db } = t.database;
    const services = { ...t.app.context, log: t.app.log };
    const viewerId = await addUser(db, {
      organisationId: demoOrganisation.id,
      email: 'viewer.changes@demo.local',
    });
    await db.insert(campaignMembers).values({ campaignId, userId: viewerId, role: 'viewer', policy: {} });
    const otherAgent = await addUser(db, {
      organisationId: demoOrganisation.id,
      email: 'agent.changes@demo.local',
      role: 'agent',
    });
    const foreignOrg = await addOrganisation(db, 'Foreign changes');
    await addUser(db, { organisationId: foreignOrg, email: 'supervisor@changes.local' });
    const turns = [turn('agent', 'Hello, my name is Sam.'), turn('customer', 'My parcel never arrived.')];
    own = await addConversation(db, { campaignId, agentId: demoUsers.agent.id, type: 'chat', turns });
    othersConversation = await addConversation(db, { campaignId, agentId: otherAgent, type: 'chat', turns });
    await addEvaluation(db, services, { id: own, campaignId });
    await addEvaluation(db, services, { id: othersConversation, campaignId });
    owner = await t.accessToken(demoUsers.supervisor.email);
    agent = await t.accessToken(demoUsers.agent.email);
    viewer = await t.accessToken('viewer.changes@demo.local');
    foreigner = await t.accessToken('supervisor@changes.local');
  });
  afterAll(() => t.close());

  it("replaces the engine's answer, scores again, clears the validation and records the change", async () => {
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${own}/evaluation/validate`,
      headers: bearer(owner),
    });
    const before = validated.json();
    expect(before).toMatchObject({ validated: true, auto_failed: false });
    expect(itemOf(before, 1013)).toMatchObject({ value: 'na', score: null, source: 'ai' });

    const changed = await answer(owner, 1013, 'no', { comment: 'No identity check before the bill' });
    expect(changed.statusCode).toBe(200);
    const after = changed.json();
    expect(itemOf(after, 1013)).toMatchObject({
      value: 'no',
      score: 0,
      source: 'human',
      comment: 'No identity check before the bill',
    });
    expect(after).toMatchObject({ auto_failed: true, main_score: 0, validated: false, validated_by: null });
    expect(after.section_scores[0].score).not.toBe(before.section_scores[0].score);

    const kept = await answer(owner, 1013, 'yes');
    expect(itemOf(kept.json(), 1013)).toMatchObject({
      value: 'yes',
      score: 100,
      comment: 'No identity check before the bill',
    });
    expect(kept.json().auto_failed).toBe(false);

    const history = await updates(owner, 1013);
    expect(history.statusCode).toBe(200);
    expect(history.json().items).toMatchObject([
      { conversation_id: own, before: 'no', after: 'yes', comment: 'No identity check before the bill' },
      {
        conversation_id: own,
        before: 'na',
        after: 'no',
        user: { id: demoUsers.supervisor.id, name: demoUsers.supervisor.name },
      },
    ]);
  });

  it('answers a levels item and a composed item with values that fit them', async () => {
    const level = await put(owner, demoItem(1022), {
      evaluation_item: { value: 0 },
      item_type: 'multiple_levels_item',
    });
    expect(level.statusCode).toBe(200);
    expect(itemOf(level.json(), 1022)).toMatchObject({ value: 0, source: 'human' });
    const composed = await put(owner, demoItem(1031), {
      evaluation_item: { value: { [demoItem(1032)]: 'yes', [demoItem(1033)]: 'no' } },
      item_type: 'composed_item',
    });
    expect(composed.statusCode).toBe(200);
    expect(itemOf(composed.json(), 1031)).toMatchObject({ score: 50, source: 'human' });
  });

  it('sets and removes a comment, recorded with the answer unchanged and the validation kept', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${own}/evaluation/validate`,
      headers: bearer(owner),
    });
    const commented = await put(owner, `${demoItem(1011)}/comment`, { comment: 'Warm greeting' });
    expect(commented.statusCode).toBe(200);
    expect(itemOf(commented.json(), 1011)).toMatchObject({
      value: 'yes',
      source: 'ai',
      comment: 'Warm greeting',
    });
    expect(commented.json().validated).toBe(true);
    const removed = await put(owner, `${demoItem(1011)}/comment`, { comment: null });
    expect(itemOf(removed.json(), 1011)).toMatchObject({ comment: null });
    expect((await updates(owner, 1011)).json().items).toMatchObject([
      { before: 'yes', after: 'yes', comment: null },
      { before: 'yes', after: 'yes', comment: 'Warm greeting' },
    ]);

    const confirmed = await answer(owner, 1011, 'yes');
    expect(itemOf(confirmed.json(), 1011)).toMatchObject({ value: 'yes', source: 'human' });
    expect(confirmed.json().validated).toBe(true);
  });

  it('refuses answers that do not fit the item, unknown fields, long comments and unknown items', async () => {
    const refused = [
      await answer(owner, 1011, 'na'),
      await answer(owner, 1011, 'maybe'),
      await answer(owner, 1011, 'yes', { item_type: 'multiple_levels_item' }),
      await put(owner, demoItem(1022), { evaluation_item: { value: 9 }, item_type: 'multiple_levels_item' }),
      await put(owner, demoItem(1031), {
        evaluation_item: { value: { [demoItem(1032)]: 'yes' } },
        item_type: 'composed_item',
      }),
      await answer(owner, 1011, 'yes', { extra: true }),
      await put(owner, `${demoItem(1011)}/comment`, { comment: 'x'.repeat(2001) }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    expect((await answer(owner, 1011, 'na')).json().detail).toContain('Greets the customer');
    expect((await answer(owner, 9999, 'yes')).statusCode).toBe(404);
    expect((await put(owner, `${demoItem(1032)}/comment`, { comment: 'A sub-item' })).statusCode).toBe(404);
  });

  it('refuses to change an evaluation that is not done', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${othersConversation}/evaluation/items/${demoItem(1011)}/launch`,
      headers: bearer(owner),
    });
    const response = await answer(owner, 1011, 'no', {}, othersConversation);
    expect(response.statusCode).toBe(409);
    expect(
      (await put(owner, `${demoItem(1011)}/comment`, { comment: 'Later' }, othersConversation)).statusCode,
    ).toBe(409);
  });

  it('lets only those who may edit the settings change, and shows agents the changes to their own conversations', async () => {
    expect((await answer(viewer, 1011, 'no')).statusCode).toBe(403);
    expect((await answer(agent, 1011, 'no')).statusCode).toBe(403);
    expect((await answer(foreigner, 1011, 'no')).statusCode).toBe(404);
    expect((await put(foreigner, `${demoItem(1011)}/comment`, { comment: 'x' })).statusCode).toBe(404);
    expect((await updates(foreigner, 1011)).statusCode).toBe(404);

    const db = t.database.db;
    await addEvaluation(db, { ...t.app.context, log: t.app.log }, { id: othersConversation, campaignId });
    expect((await answer(owner, 1012, 'no', {}, othersConversation)).statusCode).toBe(200);
    expect((await answer(owner, 1012, 'no')).statusCode).toBe(200);
    const all = (await updates(owner, 1012))
      .json()
      .items.map((u: { conversation_id: string }) => u.conversation_id);
    expect(all).toEqual([own, othersConversation]);
    const agents = (await updates(agent, 1012))
      .json()
      .items.map((u: { conversation_id: string }) => u.conversation_id);
    expect(agents).toEqual([own]);
    expect((await updates(viewer, 1012)).json().items).toHaveLength(2);
  });

  it('pages the changes newest first', async () => {
    const first = (await updates(owner, 1013, '?limit=1')).json();
    expect(first.items).toMatchObject([{ before: 'no', after: 'yes' }]);
    expect(first.next_start_after).toBe(first.items[0].id);
    const second = (await updates(owner, 1013, `?limit=1&start_after=${first.next_start_after}`)).json();
    expect(second).toMatchObject({ items: [{ before: 'na', after: 'no' }], next_start_after: null });
    expect((await updates(owner, 1013, '?limit=0')).statusCode).toBe(400);
  });
});
