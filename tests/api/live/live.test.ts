// The live channel over real WebSockets: authentication, and pushes reaching only the notified user.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { conversations } from '../../../server/db/schema';
import { eq } from 'drizzle-orm';
import { createNotification } from '../../../server/notifications/store';
import { testDatabaseKinds } from '../../fixtures/databases';
import { expectSentinelFirst } from '../../fixtures/live-sentinel';
import { openLiveSocket, refusedUpgradeStatus } from '../../fixtures/live-socket';
import { createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('live channel on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
  });
  afterAll(() => t.close());

  const connect = (token: string) => openLiveSocket(baseUrl, token);

  it('refuses a connection without a valid token', async () => {
    expect(await refusedUpgradeStatus(baseUrl)).toBe(401);
    expect(await refusedUpgradeStatus(`${baseUrl}?token=forged`)).toBe(401);
  });

  it("pushes a new notification to each of the user's sockets, and to no one else", async () => {
    const [supervisorToken, agentToken] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
    ]);
    const firstTab = await connect(supervisorToken);
    const secondTab = await connect(supervisorToken);
    const otherUser = await connect(agentToken);

    const [conversation] = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.campaignId, demoCampaigns.customerCare.id))
      .limit(1);
    const notification = await createNotification(t.database.db, t.app.context.hub, {
      type: 'ALERT',
      userId: demoUsers.supervisor.id,
      conversationId: conversation?.id ?? '',
      alertDetail: { type: 'main_score', operator: 'lt', score: 50 },
    });

    await expect.poll(() => firstTab.received.length + secondTab.received.length).toBe(2);
    for (const tab of [firstTab, secondTab]) {
      expect(tab.received).toEqual([{ type: 'notification', notification }]);
    }
    expect(notification).toMatchObject({ read: false, campaign_name: 'Customer Care', type: 'ALERT' });
    // A notification of the other user's own, sent after: it is the first thing their socket receives.
    await expectSentinelFirst({ db: t.database.db, hub: t.app.context.hub }, otherUser, {
      userId: demoUsers.agent.id,
      conversationId: conversation?.id ?? '',
    });

    for (const { socket } of [firstTab, secondTab, otherUser]) socket.close();
  });
});
