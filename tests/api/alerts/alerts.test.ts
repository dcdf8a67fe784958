// The alerts API and alert matching on the real app: creating, reading, changing and deleting alerts with bad
// input and access refused; evaluations (the job, and people's answers) notifying the recipients once per match,
// again after the match stopped, live to the recipients only; test conversations never alerting; a grid version
// that drops an alert's item turning the alert off.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { launchEvaluation } from '../../../server/evaluations/service';
import { pipeline } from '../../../server/jobs/pipeline';
import { testDatabaseKinds } from '../../fixtures/databases';
import { runEvaluationJobs } from '../../fixtures/evaluation-jobs';
import { openLiveSocket } from '../../fixtures/live-socket';
import { expectSentinelFirst } from '../../fixtures/live-sentinel';
import {
  addCampaign,
  addConversation,
  addEvaluation,
  addEvaluationGrid,
  addOrganisation,
  addUser,
  turn,
} from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const demoId = (n: number) => `019a0000-0000-7000-8000-00000000${n}`;
const campaignId = demoCampaigns.customerCare.id;
const greets = demoId(1011);
const unknownId = '019a0000-0000-7000-8000-00000000dead';

/** A chat whose agent never greets: the rules answer "Greets the customer" no (score 0). */
const curtTurns = [turn('agent', 'Go ahead.'), turn('customer', 'My parcel never arrived.')];

describe.each(testDatabaseKinds)('alerts on %s', (kind) => {
  let t: TestApp;
  let wsUrl: string;
  let owner: string;
  let viewer: string;
  let agent: string;
  let foreigner: string;
  let foreignUser: string;
  let foreignOrg: string;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const missedGreeting = (more: object = {}) => ({
    campaign_id: campaignId,
    name: 'No greeting',
    detail: { type: 'binary_item', operator: 'eq', score: 0, item_id: greets },
    recipients: [demoUsers.supervisor.id, demoUsers.agent.id],
    ...more,
  });
  const services = () => ({ ...t.app.context, log: t.app.log });
  const alertsOf = async (token: string, conversationId: string) => {
    const page = (await call(token, 'GET', '/notifications?limit=200')).json();
    return page.items.filter(
      (item: { type: string; conversation_id: string }) =>
        item.type === 'ALERT' && item.conversation_id === conversationId,
    );
  };
  const answerGreeting = (conversationId: string, value: 'yes' | 'no') =>
    call(owner, 'PUT', `/conversations/${conversationId}/evaluation/items/${greets}`, {
      evaluation_item: { value },
      item_type: 'binary_item',
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
    foreignOrg = await addOrganisation(t.database.db, 'Foreign alerts');
    foreignUser = await addUser(t.database.db, {
      organisationId: foreignOrg,
      email: 'supervisor@alerts.local',
    });
    [owner, viewer, agent, foreigner] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.supervisor2.email),
      t.accessToken(demoUsers.agent.email),
      t.accessToken('supervisor@alerts.local'),
    ]);
  });
  afterAll(() => t.close());

  it('creates, lists, reads, changes and deletes an alert', async () => {
    const created = await call(owner, 'POST', '/alerts', missedGreeting());
    expect(created.statusCode).toBe(201);
    const alert = created.json();
    expect(alert).toMatchObject({
      campaign_id: campaignId,
      name: 'No greeting',
      enabled: true,
      disabled_reason: null,
      detail: { type: 'binary_item', operator: 'eq', score: 0, item_id: greets },
      recipients: [demoUsers.supervisor.id, demoUsers.agent.id],
    });
    expect((await call(viewer, 'GET', `/alerts?campaign_id=${campaignId}`)).json()).toContainEqual(alert);
    expect((await call(agent, 'GET', `/alerts/${alert.id}`)).json()).toEqual(alert);

    const changed = await call(owner, 'PATCH', `/alerts/${alert.id}`, {
      name: 'Low courtesy',
      enabled: false,
      detail: { type: 'additional_score', operator: 'lt', score: 50, score_id: demoId(1051) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Low courtesy',
      enabled: false,
      disabled_reason: null,
      detail: { type: 'additional_score', score_id: demoId(1051) },
      recipients: alert.recipients,
    });

    expect((await call(owner, 'DELETE', `/alerts/${alert.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/alerts/${alert.id}`)).statusCode).toBe(404);
  });

  it('accepts each detail type with the reference it needs', async () => {
    const details = [
      { type: 'main_score', operator: 'lt', score: 60 },
      { type: 'section_score', operator: 'lte', score: 50, section_id: demoId(1001) },
      { type: 'additional_score', operator: 'gt', score: 90, score_id: demoId(1051) },
      { type: 'multiple_levels_item', operator: 'eq', score: 0, item_id: demoId(1022) },
      { type: 'composed_item', operator: 'gte', score: 50, item_id: demoId(1031) },
    ];
    for (const detail of details) {
      const created = await call(owner, 'POST', '/alerts', missedGreeting({ detail, enabled: false }));
      expect(created.statusCode).toBe(201);
      expect(created.json().detail).toEqual(detail);
      await call(owner, 'DELETE', `/alerts/${created.json().id}`);
    }
  });

  it.each([
    ['an unknown field', { colour: 'red' }, 'colour'],
    [
      'an unknown operator',
      { detail: { type: 'main_score', operator: 'ne', score: 1 } },
      'body.detail.operator',
    ],
    [
      'a score above 100',
      { detail: { type: 'main_score', operator: 'lt', score: 101 } },
      'body.detail.score',
    ],
    ['no recipient', { recipients: [] }, 'body.recipients'],
    ['an empty name', { name: '  ' }, 'body.name'],
    [
      'an item of another type',
      { detail: { type: 'composed_item', operator: 'lt', score: 50, item_id: greets } },
      'detail.item_id',
    ],
    [
      'an item not in the grid',
      { detail: { type: 'binary_item', operator: 'lt', score: 50, item_id: unknownId } },
      'detail.item_id',
    ],
    [
      'a section score without its section',
      { detail: { type: 'section_score', operator: 'lt', score: 50 } },
      'detail.section_id',
    ],
    [
      'a main score with an item',
      { detail: { type: 'main_score', operator: 'lt', score: 50, item_id: greets } },
      'detail.item_id',
    ],
    [
      'a recipient of another organisation',
      { recipients: [demoUsers.supervisor.id, unknownId] },
      'recipients.1',
    ],
  ])('refuses %s with 400 naming the field', async (_name, change, path) => {
    const refused = await call(owner, 'POST', '/alerts', missedGreeting(change));
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.detail).toEqual(expect.any(String));
    if (path !== 'colour') expect(body.errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('refuses recipients who cannot read the campaign, and a change to one', async () => {
    const outsider = await call(owner, 'POST', '/alerts', missedGreeting({ recipients: [foreignUser] }));
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().errors).toEqual([
      { path: 'recipients.0', message: `The user ${foreignUser} cannot read this campaign` },
    ]);
    const created = (await call(owner, 'POST', '/alerts', missedGreeting({ enabled: false }))).json();
    const change = await call(owner, 'PATCH', `/alerts/${created.id}`, { recipients: [foreignUser] });
    expect(change.statusCode).toBe(400);
    const badWatch = await call(owner, 'PATCH', `/alerts/${created.id}`, {
      detail: { type: 'section_score', operator: 'lt', score: 50, section_id: unknownId },
    });
    expect(badWatch.statusCode).toBe(400);
    expect((await call(owner, 'PATCH', `/alerts/${created.id}`, { enabled: 'yes' })).statusCode).toBe(400);
    expect((await call(owner, 'GET', '/alerts?campaign_id=nope')).statusCode).toBe(400);
    await call(owner, 'DELETE', `/alerts/${created.id}`);
  });

  it('lets readers list and read, only settings editors write, and no one outside see anything', async () => {
    const alert = (await call(owner, 'POST', '/alerts', missedGreeting({ enabled: false }))).json();
    for (const token of [viewer, agent]) {
      expect((await call(token, 'GET', `/alerts?campaign_id=${campaignId}`)).statusCode).toBe(200);
      expect((await call(token, 'GET', `/alerts/${alert.id}`)).statusCode).toBe(200);
      expect((await call(token, 'POST', '/alerts', missedGreeting())).statusCode).toBe(403);
      expect((await call(token, 'PATCH', `/alerts/${alert.id}`, { name: 'Mine' })).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `/alerts/${alert.id}`)).statusCode).toBe(403);
    }
    expect((await call(foreigner, 'GET', `/alerts?campaign_id=${campaignId}`)).statusCode).toBe(404);
    expect((await call(foreigner, 'GET', `/alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await call(foreigner, 'POST', '/alerts', missedGreeting())).statusCode).toBe(404);
    expect((await call(foreigner, 'PATCH', `/alerts/${alert.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call(foreigner, 'DELETE', `/alerts/${alert.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/alerts/${unknownId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/alerts?campaign_id=${unknownId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/alerts/${alert.id}`)).json().name).toBe('No greeting');
    await call(owner, 'DELETE', `/alerts/${alert.id}`);
  });

  it('lists without a campaign every alert of the campaigns the caller reads, and no other', async () => {
    const foreignCampaign = await addCampaign(t.database.db, {
      organisationId: foreignOrg,
      name: 'Foreign alerts',
      members: [{ userId: foreignUser, role: 'owner' }],
    });
    const create = async (token: string, campaign: string, recipient: string) => {
      const response = await call(token, 'POST', '/alerts', {
        campaign_id: campaign,
        name: `Low score in ${campaign}`,
        enabled: false,
        detail: { type: 'main_score', operator: 'lt', score: 60 },
        recipients: [recipient],
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    const customerCare = await create(owner, campaignId, demoUsers.supervisor.id);
    const serviceClient = await create(owner, demoCampaigns.serviceClient.id, demoUsers.supervisor.id);
    const foreign = await create(foreigner, foreignCampaign, foreignUser);
    const created = [customerCare, serviceClient, foreign];
    const [admin, agentOfServiceClient] = await Promise.all([
      t.accessToken(demoUsers.admin.email),
      t.accessToken(demoUsers.agent3.email),
    ]);
    const listed = async (token: string) => {
      const response = await call(token, 'GET', '/alerts');
      expect(response.statusCode).toBe(200);
      const ids = (response.json() as { id: string }[]).map(({ id }) => id);
      return created.filter((id) => ids.includes(id));
    };
    expect(await listed(admin)).toEqual([customerCare, serviceClient, foreign]);
    expect(await listed(owner)).toEqual([customerCare, serviceClient]);
    expect(await listed(viewer)).toEqual([customerCare]);
    expect(await listed(agent)).toEqual([customerCare]);
    expect(await listed(agentOfServiceClient)).toEqual([serviceClient]);
    expect(await listed(foreigner)).toEqual([foreign]);
    expect((await call(owner, 'GET', `/alerts?campaign_id=${campaignId}`)).json()).toContainEqual(
      expect.objectContaining({ id: customerCare }),
    );
    await call(owner, 'DELETE', `/alerts/${customerCare}`);
    await call(owner, 'DELETE', `/alerts/${serviceClient}`);
    await call(foreigner, 'DELETE', `/alerts/${foreign}`);
  });

  it('notifies each recipient once per match, again after it stopped, live to the recipients only', async () => {
    const alert = (await call(owner, 'POST', '/alerts', missedGreeting())).json();
    const { db } = t.database;
    const conversation = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      type: 'chat',
      turns: curtTurns,
    });
    const recipientTab = await openLiveSocket(wsUrl, owner);
    const agentTab = await openLiveSocket(wsUrl, agent);
    const bystanderTab = await openLiveSocket(wsUrl, viewer);
    const isAlertPush = (message: unknown) =>
      (message as { type: string; notification?: { type: string } }).notification?.type === 'ALERT';
    const alertPushes = (tab: { received: unknown[] }) => tab.received.filter(isAlertPush);

    await addEvaluation(db, services(), { id: conversation, campaignId });
    const [notified] = await alertsOf(owner, conversation);
    expect(notified).toMatchObject({
      campaign_name: 'Customer Care',
      alert_detail: {
        type: 'binary_item',
        operator: 'eq',
        score: 0,
        section_name: null,
        score_name: null,
        item_name: 'Greets the customer',
      },
    });
    await expect.poll(() => alertPushes(recipientTab).length).toBe(1);
    await expect.poll(() => alertPushes(agentTab).length).toBe(1);
    expect(alertPushes(recipientTab)).toEqual([{ type: 'notification', notification: notified }]);

    // The same evaluation made again, and saved again by a person, still matches: no new notification.
    await launchEvaluation(db, t.config, pipeline, { id: conversation, campaignId, status: 'ready' });
    await runEvaluationJobs(db, services());
    expect((await answerGreeting(conversation, 'no')).statusCode).toBe(200);
    expect(await alertsOf(owner, conversation)).toHaveLength(1);

    // It stops matching, then matches again: one new notification each.
    expect((await answerGreeting(conversation, 'yes')).statusCode).toBe(200);
    expect(await alertsOf(owner, conversation)).toHaveLength(1);
    expect((await answerGreeting(conversation, 'no')).statusCode).toBe(200);
    expect(await alertsOf(owner, conversation)).toHaveLength(2);
    expect(await alertsOf(agent, conversation)).toHaveLength(2);
    await expect.poll(() => alertPushes(recipientTab).length).toBe(2);
    await expect.poll(() => alertPushes(agentTab).length).toBe(2);

    expect(await alertsOf(viewer, conversation)).toEqual([]);
    // An alert of their own, sent to the bystander after the matches: it is the first alert their socket receives.
    await expectSentinelFirst(
      { db, hub: t.app.context.hub },
      bystanderTab,
      { userId: demoUsers.supervisor2.id, conversationId: conversation },
      isAlertPush,
    );
    for (const { socket } of [recipientTab, agentTab, bystanderTab]) socket.close();
    await call(owner, 'DELETE', `/alerts/${alert.id}`);
  });

  it("never alerts on test conversations, nor an agent recipient on another agent's conversation", async () => {
    const alert = (await call(owner, 'POST', '/alerts', missedGreeting())).json();
    const { db } = t.database;
    const testChat = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      type: 'chat',
      turns: curtTurns,
      isTest: true,
    });
    const othersChat = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent2.id,
      type: 'chat',
      turns: curtTurns,
    });
    await addEvaluation(db, services(), { id: testChat, campaignId });
    await addEvaluation(db, services(), { id: othersChat, campaignId });
    expect(await alertsOf(owner, testChat)).toEqual([]);
    expect(await alertsOf(owner, othersChat)).toHaveLength(1);
    expect(await alertsOf(agent, othersChat)).toEqual([]);
    await call(owner, 'DELETE', `/alerts/${alert.id}`);
  });

  it('turns an alert off when a grid version drops its item, and keeps it off until it fits', async () => {
    const { db } = t.database;
    const ownCampaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Alerts grid changes',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    const { grid, gridItem } = await addEvaluationGrid(db, ownCampaign, demoUsers.supervisor.id);
    const watchItem = { type: 'binary_item', operator: 'eq', score: 0, item_id: gridItem };
    const alert = (
      await call(owner, 'POST', '/alerts', {
        ...missedGreeting({ campaign_id: ownCampaign, recipients: [demoUsers.supervisor.id] }),
        detail: watchItem,
      })
    ).json();
    const mainScore = (
      await call(owner, 'POST', '/alerts', {
        ...missedGreeting({ campaign_id: ownCampaign, recipients: [demoUsers.supervisor.id] }),
        detail: { type: 'main_score', operator: 'lt', score: 50 },
      })
    ).json();

    const published = await call(owner, 'PATCH', `/evaluation-grids/${grid}`, {
      sections: [{ name: 'Closing', items: [{ name: 'Says goodbye', type: 'binary_item' }] }],
    });
    expect(published.statusCode).toBe(200);
    expect((await call(owner, 'GET', `/alerts/${alert.id}`)).json()).toMatchObject({
      enabled: false,
      disabled_reason: 'grid_element_removed',
      detail: watchItem,
    });
    expect((await call(owner, 'GET', `/alerts/${mainScore.id}`)).json()).toMatchObject({
      enabled: true,
      disabled_reason: null,
    });

    const enabled = await call(owner, 'PATCH', `/alerts/${alert.id}`, { enabled: true });
    expect(enabled.statusCode).toBe(400);
    expect(enabled.json().errors[0].path).toBe('detail.item_id');
    const renamed = await call(owner, 'PATCH', `/alerts/${alert.id}`, { name: 'Still off' });
    expect(renamed.json()).toMatchObject({ enabled: false, disabled_reason: 'grid_element_removed' });

    const fixed = await call(owner, 'PATCH', `/alerts/${alert.id}`, {
      enabled: true,
      detail: { type: 'main_score', operator: 'lt', score: 50 },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ enabled: true, disabled_reason: null });
  });
});
