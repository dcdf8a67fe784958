// Discussion messages: reading a discussion with whom it may mention, who may post on a conversation, and
// mentions turning into notifications pushed live.
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversations, discussionMessages } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { openLiveSocket } from '../../fixtures/live-socket';
import { expectSentinelFirst } from '../../fixtures/live-sentinel';
import { addConversation } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('discussion API on %s', (kind) => {
  let t: TestApp;
  let socketUrl: string;
  const tokens: Record<'admin' | 'supervisor' | 'supervisor2' | 'agent' | 'agent2', string> = {
    admin: '',
    supervisor: '',
    supervisor2: '',
    agent: '',
    agent2: '',
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
      tokens[name] = await t.accessToken(demoUsers[name].email);
    }
  });
  afterAll(() => t.close());

  /** The id of a demo conversation of one agent in one campaign. */
  async function conversationOf(campaignId: string, agentId: string) {
    const [row] = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.campaignId, campaignId), eq(conversations.agentId, agentId)))
      .limit(1);
    if (!row) throw new Error('The demo data has no such conversation');
    return row.id;
  }

  const post = (conversationId: string, token: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversationId}/discussion/message`,
      headers: bearer(token),
      payload,
    });

  const notificationsOf = async (token: string) =>
    (await t.app.inject({ url: '/api/notifications', headers: bearer(token) })).json().items as {
      id: string;
      type: string;
      conversation_id: string;
    }[];

  const messagesOn = (conversationId: string) =>
    t.database.db
      .select({ id: discussionMessages.id })
      .from(discussionMessages)
      .where(eq(discussionMessages.conversationId, conversationId));

  const connect = (token: string) => openLiveSocket(socketUrl, token);

  it('stores a member’s message and notifies each mentioned user once, listed and pushed to them only', async () => {
    // A conversation of its own: other tests post on the demo ones.
    const conversationId = await addConversation(t.database.db, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
    });
    const authorNotificationsBefore = await notificationsOf(tokens.supervisor);
    const [mentionedSupervisor, mentionedAgent, bystander, author] = await Promise.all([
      connect(tokens.supervisor2),
      connect(tokens.agent),
      connect(tokens.agent2),
      connect(tokens.supervisor),
    ]);
    const before = Math.floor(Date.now() / 1000);

    const response = await post(conversationId, tokens.supervisor, {
      body: '  Could you both listen to the greeting?  ',
      mentions: [
        demoUsers.supervisor2.id,
        demoUsers.agent.id,
        demoUsers.supervisor2.id.toUpperCase(),
        demoUsers.supervisor.id,
      ],
    });

    expect(response.statusCode).toBe(201);
    const message = response.json();
    expect(message).toEqual({
      id: expect.any(String),
      conversation_id: conversationId,
      author: { id: demoUsers.supervisor.id, name: 'Sophie Martin' },
      body: 'Could you both listen to the greeting?',
      mentions: [demoUsers.supervisor2.id, demoUsers.agent.id, demoUsers.supervisor.id],
      created_at: expect.any(Number),
    });
    expect(message.created_at).toBeGreaterThanOrEqual(before);
    expect(await messagesOn(conversationId)).toEqual([{ id: message.id }]);

    await expect
      .poll(() => mentionedSupervisor.received.length + mentionedAgent.received.length, { timeout: 1000 })
      .toBe(2);
    for (const { token, socket } of [
      { token: tokens.supervisor2, socket: mentionedSupervisor },
      { token: tokens.agent, socket: mentionedAgent },
    ]) {
      const listed = (await notificationsOf(token)).filter(
        (notification) => notification.conversation_id === conversationId,
      );
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        type: 'MENTIONED_IN_CONVERSATION',
        read: false,
        conversation_id: conversationId,
        campaign_name: 'Customer Care',
        conversation_type: 'call',
        agent_name: demoUsers.agent.name,
        main_score: null,
        excerpt: 'Could you both listen to the greeting?',
        mentioned_by: { id: demoUsers.supervisor.id, name: 'Sophie Martin' },
      });
      expect(socket.received).toEqual([{ type: 'notification', notification: listed[0] }]);
    }
    expect(await notificationsOf(tokens.supervisor)).toEqual(authorNotificationsBefore);
    // A notification of their own, sent to the bystander and the author after the message: it is the first thing
    // their sockets receive.
    const live = { db: t.database.db, hub: t.app.context.hub };
    await expectSentinelFirst(live, bystander, { userId: demoUsers.agent2.id, conversationId });
    await expectSentinelFirst(live, author, { userId: demoUsers.supervisor.id, conversationId });

    for (const { socket } of [mentionedSupervisor, mentionedAgent, bystander, author]) socket.close();
  });

  it('lets an agent post on their own conversations only, and admins on any', async () => {
    const own = await conversationOf(demoCampaigns.customerCare.id, demoUsers.agent.id);
    const colleagues = await conversationOf(demoCampaigns.customerCare.id, demoUsers.agent2.id);
    const otherCampaign = await conversationOf(demoCampaigns.serviceClient.id, demoUsers.agent3.id);

    expect((await post(own, tokens.agent, { body: 'Noted.' })).statusCode).toBe(201);
    const refused = await post(colleagues, tokens.agent, { body: 'Peeking.' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual((await post(newId(), tokens.agent, { body: 'Unknown.' })).json());
    expect((await post(otherCampaign, tokens.admin, { body: 'Admins read everything.' })).statusCode).toBe(
      201,
    );
  });

  it('answers 404, as for an unknown id, to a user who is not a member of the campaign', async () => {
    const conversationId = await conversationOf(demoCampaigns.serviceClient.id, demoUsers.agent4.id);
    const outsider = await post(conversationId, tokens.supervisor2, { body: 'Hello?' });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ detail: 'Conversation not found' });
    expect(await messagesOn(conversationId)).toEqual([]);
  });

  it('refuses with 422, storing and notifying nothing, a mention of someone who cannot read the conversation', async () => {
    const conversationId = await conversationOf(demoCampaigns.serviceClient.id, demoUsers.agent4.id);
    const unknownId = newId();
    const agent4 = await t.accessToken(demoUsers.agent4.email);
    const [supervisor2Before, agent4Before] = await Promise.all([
      notificationsOf(tokens.supervisor2),
      notificationsOf(agent4),
    ]);
    for (const mentioned of [demoUsers.supervisor2.id, demoUsers.agent3.id, unknownId]) {
      const response = await post(conversationId, tokens.supervisor, {
        body: 'Please have a look.',
        mentions: [demoUsers.agent4.id, mentioned],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        detail: `These mentioned users cannot read this conversation: ${mentioned}`,
      });
    }
    expect(await messagesOn(conversationId)).toEqual([]);
    expect(await notificationsOf(tokens.supervisor2)).toEqual(supervisor2Before);
    expect(await notificationsOf(agent4)).toEqual(agent4Before);
  });

  it('lists the messages oldest first with their authors, and the readers a message may mention', async () => {
    const conversationId = await addConversation(t.database.db, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
    });
    const read = (token: string, id = conversationId) =>
      t.app.inject({ url: `/api/conversations/${id}/discussion`, headers: bearer(token) });

    const empty = await read(tokens.agent);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().messages).toEqual([]);

    const first = (await post(conversationId, tokens.supervisor, { body: 'First.' })).json();
    const second = (
      await post(conversationId, tokens.agent, { body: 'Second.', mentions: [demoUsers.supervisor.id] })
    ).json();
    const discussion = (await read(tokens.supervisor2)).json();
    expect(discussion.messages).toEqual([first, second]);
    // Agent 2 reads only their own conversations; the admin is no member of the campaign.
    expect(discussion.mentionable).toEqual([
      { id: demoUsers.agent.id, name: 'Lucas Petit' },
      { id: demoUsers.supervisor.id, name: 'Sophie Martin' },
      { id: demoUsers.supervisor2.id, name: 'Thomas Bernard' },
    ]);
    expect((await read(tokens.admin)).json()).toEqual(discussion);

    const refused = await read(tokens.agent2);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual((await read(tokens.agent2, newId())).json());
    expect((await read(tokens.supervisor, '42')).statusCode).toBe(400);
  });

  it('refuses malformed messages with 400', async () => {
    const conversationId = await conversationOf(demoCampaigns.customerCare.id, demoUsers.agent.id);
    const tooMany = Array.from({ length: 21 }, () => newId());
    for (const payload of [
      {},
      { body: '' },
      { body: '   ' },
      { body: 'x'.repeat(5001) },
      { body: 42 },
      { body: 'Hi', mentions: ['42'] },
      { body: 'Hi', mentions: demoUsers.agent.id },
      { body: 'Hi', mentions: tooMany },
      { body: 'Hi', author_id: demoUsers.agent.id },
    ]) {
      const response = await post(conversationId, tokens.supervisor, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().detail).toBe('Invalid request');
    }
    expect((await post('42', tokens.supervisor, { body: 'Hi' })).statusCode).toBe(400);
    expect((await post(conversationId, tokens.supervisor, { body: 'x'.repeat(5000) })).statusCode).toBe(201);
  });
});
