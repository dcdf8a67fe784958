// An evaluation launched in the real app is run by the job worker, and the conversation's readers follow it on
// the live channel until it is done; the conversation then carries the result. A person's answer, comment,
// validation and un-validation each send the readers a conversation message (without a job) too. An evaluation
// that meets an alert notifies its recipient from the worker's completion transaction, stored and pushed live.
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationProgress } from '../../../contract/live';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { conversations } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { openLiveSocket, type LiveSocket } from '../../fixtures/live-socket';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const jobTimeout = { timeout: 20_000, interval: 100 };

describe.each(testDatabaseKinds)('evaluation progress on the live channel on %s', (kind) => {
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

  const customerCareCall = async () => {
    const [call] = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(eq(conversations.campaignId, demoCampaigns.customerCare.id), eq(conversations.type, 'call')),
      );
    return call!;
  };

  it('runs a launched evaluation and tells the readers as it goes', async () => {
    const call = await customerCareCall();
    const launched = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${call!.id}/evaluation/launch`,
      headers: bearer(token),
    });
    expect(launched.statusCode).toBe(202);

    const evaluationJobs = () =>
      (socket.received as ConversationProgress[]).filter(
        (message) =>
          message.type === 'conversation' &&
          message.conversation_id === call!.id &&
          message.job?.kind === 'evaluation',
      );
    await expect.poll(() => evaluationJobs().at(-1)?.job?.status, jobTimeout).toBe('done');
    expect(evaluationJobs().map((message) => message.job?.status)).toContain('running');

    const read = await t.app.inject({ url: `/api/conversations/${call!.id}`, headers: bearer(token) });
    expect(read.json().evaluation).toMatchObject({ status: 'done', grid_version: 1, engine: 'rules' });
    expect(read.json().evaluation.items.length).toBeGreaterThan(0);
  });

  it('tells the readers of each person’s change to the evaluation', async () => {
    const call = await customerCareCall();
    const base = `/api/conversations/${call.id}/evaluation`;
    const evaluation = (
      await t.app.inject({ url: `/api/conversations/${call.id}`, headers: bearer(token) })
    ).json().evaluation as { items: { item_id: string; value: unknown }[] };
    const binary = evaluation.items.find((item) => typeof item.value === 'string')!;
    const changes = [
      {
        method: 'PUT',
        url: `${base}/items/${binary.item_id}`,
        payload: { evaluation_item: { value: 'no' }, item_type: 'binary_item' },
      },
      { method: 'PUT', url: `${base}/items/${binary.item_id}/comment`, payload: { comment: 'Checked.' } },
      { method: 'POST', url: `${base}/validate` },
      { method: 'DELETE', url: `${base}/validate` },
    ] as const;
    for (const change of changes) {
      const changeMessages = () =>
        (socket.received as ConversationProgress[]).filter(
          (message) =>
            message.type === 'conversation' && message.conversation_id === call.id && message.job === null,
        ).length;
      const before = changeMessages();
      const response = await t.app.inject({ ...change, headers: bearer(token) });
      expect(response.statusCode, change.url).toBe(200);
      await expect.poll(changeMessages, jobTimeout).toBe(before + 1);
    }
  });

  it("notifies an alert's recipient when the worker completes an evaluation that meets it", async () => {
    const call = await customerCareCall();
    // Every evaluation with a main score (0 to 100) meets it.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: bearer(token),
      payload: {
        campaign_id: demoCampaigns.customerCare.id,
        name: 'Any score',
        detail: { type: 'main_score', operator: 'gte', score: 0 },
        recipients: [demoUsers.supervisor.id],
      },
    });
    expect(created.statusCode).toBe(201);
    const launched = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${call.id}/evaluation/launch`,
      headers: bearer(token),
    });
    expect(launched.statusCode).toBe(202);

    const isAlert = (notification: { type: string; conversation_id: string } | undefined) =>
      notification?.type === 'ALERT' && notification.conversation_id === call.id;
    const pushed = () =>
      (socket.received as { notification?: { type: string; conversation_id: string } }[]).filter((message) =>
        isAlert(message.notification),
      );
    await expect.poll(() => pushed().length, jobTimeout).toBe(1);
    expect(pushed()[0]).toMatchObject({
      type: 'notification',
      notification: { alert_detail: { type: 'main_score', operator: 'gte', score: 0, item_name: null } },
    });
    const listed = await t.app.inject({ url: '/api/notifications?limit=200', headers: bearer(token) });
    expect(listed.json().items.filter(isAlert)).toHaveLength(1);
  });
});
