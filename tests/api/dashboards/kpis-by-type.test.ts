// The KPIs' figures by conversation type (decision 0216): calls and chats posted with known durations, email threads
// with known first responses (one written by the agent first, one never answered, one in the previous period), read
// from the rollups (no metadata filter) and from the conversations (a metadata filter); an email thread's elapsed
// days never enter the calls' or chats' durations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const seconds = (iso: string) => Date.parse(iso) / 1000;
const start = seconds('2026-03-01T00:00:00Z');
const end = seconds('2026-03-10T23:59:59Z');
const hour = 3600;
const day = 24 * hour;

describe.each(testDatabaseKinds)('KPIs by conversation type on %s', (kind) => {
  let t: TestApp;
  let supervisor: string;
  let campaignId: string;

  const kpis = async (params = '') => {
    const response = await t.app.inject({
      url: `/api/dashboards/graphs/kpis?campaigns=${campaignId}&startTs=${start}&endTs=${end}${params}`,
      headers: bearer(supervisor),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  const post = async (payload: object) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/conversations`,
      headers: bearer(supervisor),
      payload: { agent_id: demoUsers.agent.id, language: 'en', metadata: { channel: 'all' }, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
  };

  const email = (speaker: 'agent' | 'customer', at: number) => ({
    speaker,
    subject: 'Order 1234',
    body: `${speaker === 'agent' ? 'Agent' : 'Customer'} writing about the order.`,
    sent_at: at,
  });

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    campaignId = await addCampaign(t.database.db, {
      organisationId: demoOrganisation.id,
      name: 'Durations by type',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: demoUsers.agent.id, role: 'viewer' },
      ],
    });
    supervisor = await t.accessToken(demoUsers.supervisor.email);

    // Calls of 2 and 6 minutes.
    const call = { type: 'call', input_text: 'Agent: Hello.\nCustomer: Hi, my order is late.' };
    await post({ ...call, started_at: seconds('2026-03-02T09:00:00Z'), duration_s: 120 });
    await post({ ...call, started_at: seconds('2026-03-03T09:00:00Z'), duration_s: 360 });
    // A chat of 5 minutes, from its first to its last message.
    const chatStart = seconds('2026-03-03T14:00:00Z');
    await post({
      type: 'chat',
      messages: [
        { speaker: 'customer', text: 'Hello, my order is late.', sent_at: chatStart },
        { speaker: 'agent', text: 'Let me check that for you.', sent_at: chatStart + 90 },
        { speaker: 'customer', text: 'Thank you, goodbye.', sent_at: chatStart + 300 },
      ],
    });
    // Answered after 2 hours, the thread going on for 4 days: its duration is 4 days.
    const asked = seconds('2026-03-04T09:00:00Z');
    await post({
      type: 'email',
      emails: [
        email('customer', asked),
        email('agent', asked + 2 * hour),
        email('customer', asked + day),
        email('agent', asked + 4 * day),
      ],
    });
    // Written by the agent first: the customer's first email is answered after 30 minutes.
    const outbound = seconds('2026-03-05T08:00:00Z');
    await post({
      type: 'email',
      emails: [
        email('agent', outbound),
        email('customer', outbound + 2 * hour),
        email('agent', outbound + 2 * hour + 30 * 60),
      ],
    });
    // Never answered: an email thread without a first response.
    await post({ type: 'email', emails: [email('customer', seconds('2026-03-06T09:00:00Z'))] });
    // The previous period (2026-02-19 … 2026-02-28): an email answered after 10 minutes.
    const before = seconds('2026-02-25T09:00:00Z');
    await post({ type: 'email', emails: [email('customer', before), email('agent', before + 600)] });
  });

  afterAll(async () => {
    await t.close();
  });

  const expected = {
    average_call_duration_s: { value: 240, previous: null, conversations: 2 },
    average_chat_duration_s: { value: 300, previous: null, conversations: 1 },
    average_email_first_response_s: { value: (2 * hour + 30 * 60) / 2, previous: 600, conversations: 3 },
  };

  it("gives calls' and chats' durations and emails' first response, each of its own type (rollups)", async () => {
    expect(await kpis()).toMatchObject({ conversations: { value: 6, previous: 1 }, ...expected });
  });

  it('gives the same figures from the conversations, as a metadata filter reads them', async () => {
    expect(await kpis('&metadata.channel=all')).toMatchObject({ conversations: { value: 6 }, ...expected });
  });

  it('leaves out the types a range has none of, with no figure', async () => {
    const callsOnly = `&startTs=${start}&endTs=${seconds('2026-03-02T23:59:59Z')}`;
    const response = await t.app.inject({
      url: `/api/dashboards/graphs/kpis?campaigns=${campaignId}${callsOnly}`,
      headers: bearer(supervisor),
    });
    expect(response.json()).toMatchObject({
      average_call_duration_s: { value: 120, conversations: 1 },
      average_chat_duration_s: { value: null, conversations: 0 },
      average_email_first_response_s: { value: null, conversations: 0 },
    });
  });
});
