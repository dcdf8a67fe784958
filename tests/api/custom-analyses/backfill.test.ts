// Backfill of custom analyses: creating an analysis, or changing what it asks, queues the campaign's analysed
// conversations for analysis again, and the real analysis job answers it on each of them; a new name does not.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, turn } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('custom analysis backfill on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let campaignId: string;
  let callId: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const answersOf = async (conversationId: string) =>
    (await call('GET', `/conversations/${conversationId}`)).json().custom_analyses;

  beforeAll(async () => {
    t = await createTestApp(kind, { LOG_LEVEL: 'error' });
    const { db } = t.database;
    campaignId = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Backfilled analyses',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner', policy: { can_edit_settings: true } }],
    });
    callId = await addConversation(db, {
      campaignId,
      agentId: demoUsers.agent.id,
      turns: [turn('agent', 'Hello, how can I help?'), turn('customer', 'I want to cancel my contract.')],
    });
    await addConversation(db, { campaignId, agentId: demoUsers.agent.id, status: 'transcribing' });
    token = await t.accessToken(demoUsers.supervisor.email);
  });
  afterAll(() => t.close());

  it('answers a new analysis on the analysed conversations, and again after a change of its rules', async () => {
    const created = await call('POST', `/campaigns/${campaignId}/custom-analyses`, {
      name: 'Cancellation',
      question: 'Does the customer ask to cancel?',
      type: 'yes_no',
      rules: { any_of: ['cancel'], speaker: 'customer' },
    });
    expect(created.statusCode).toBe(201);
    // The transcribing call is analysed once its transcript is in; only the ready one is queued.
    expect(created.json()).toMatchObject({ name: 'Cancellation', reanalysing: 1 });
    const id = created.json().id;
    await vi.waitFor(
      async () =>
        expect(await answersOf(callId)).toEqual([
          {
            analysis_id: id,
            name: 'Cancellation',
            type: 'yes_no',
            value: true,
            engine: 'rules',
            evidence_turn: 2,
          },
        ]),
      { timeout: 10_000, interval: 100 },
    );

    const renamed = await call('PATCH', `/custom-analyses/${id}`, { name: 'Cancels' });
    expect(renamed.json()).toMatchObject({ name: 'Cancels', reanalysing: 0 });

    const changed = await call('PATCH', `/custom-analyses/${id}`, {
      rules: { any_of: ['cancel'], speaker: 'agent' },
    });
    expect(changed.json()).toMatchObject({ reanalysing: 1 });
    await vi.waitFor(
      async () => expect(await answersOf(callId)).toMatchObject([{ analysis_id: id, value: false }]),
      { timeout: 10_000, interval: 100 },
    );
  });
});
