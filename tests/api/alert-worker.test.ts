// Alert matching in the job worker's own completion transaction: an evaluation launched through the API and run
// by the real worker notifies the alert's recipient, once, stored and pushed live.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../server/db/demo-data';
import { conversations } from '../../server/db/schema';
import { testDatabaseKinds } from '../fixtures/databases';
import { openLiveSocket, type LiveSocket } from '../fixtures/live-socket';
import { bearer, createTestApp, type TestApp } from '../fixtures/test-app';

const jobTimeout = { timeout: 20_000, interval: 100 };
const campaignId = demoCampaigns.customerCare.id;

describe.each(testDatabaseKinds)('alerts from the job worker on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let socket: LiveSocket;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.accessToken(demoUsers.supervisor.email);
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
    socket = await openLiveSocket(url, token);
  });
  afterAll(async () => {
    socket.socket.close();
    await t.close();
  });

  it('notifies the recipient when the worker completes an evaluation that matches', async () => {
    const [chat] = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.campaignId, campaignId), eq(conversations.isTest, false)))
      .limit(1);
    const conversationId = chat!.id;
    // Every evaluation with a main score (0 to 100) matches.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: bearer(token),
      payload: {
        campaign_id: campaignId,
        name: 'Any score',
        detail: { type: 'main_score', operator: 'gte', score: 0 },
        recipients: [demoUsers.supervisor.id],
      },
    });
    expect(created.statusCode).toBe(201);

    const launched = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/evaluation/launch`,
      headers: bearer(token),
    });
    expect(launched.statusCode).toBe(202);

    const pushed = () =>
      socket.received.filter((message) => {
        const notification = (message as { notification?: { type: string; conversation_id: string } })
          .notification;
        return notification?.type === 'ALERT' && notification.conversation_id === conversationId;
      });
    await expect.poll(() => pushed().length, jobTimeout).toBe(1);
    expect(pushed()[0]).toMatchObject({
      type: 'notification',
      notification: {
        campaign_name: 'Customer Care',
        alert_detail: { type: 'main_score', operator: 'gte', score: 0, item_name: null },
      },
    });
    const listed = await t.app.inject({ url: '/api/notifications?limit=200', headers: bearer(token) });
    expect(
      listed
        .json()
        .items.filter(
          (item: { type: string; conversation_id: string }) =>
            item.type === 'ALERT' && item.conversation_id === conversationId,
        ),
    ).toHaveLength(1);
  });
});
