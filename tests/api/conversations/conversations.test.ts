// One conversation through the API: reading it, correcting its agent and metadata, deleting it with its audio,
// downloading it as a file, editing a call's transcript against its version, and the link to a call's recording.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationFile } from '../../../contract/conversations';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversations, discussionMessages, jobs } from '../../../server/db/schema';
import { newFileKey } from '../../../server/storage/files';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  addCampaign,
  addConversation,
  addOrganisation,
  addUser,
  turn,
  type TestConversation,
} from '../../fixtures/records';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('conversations API on %s', (kind) => {
  let t: TestApp;
  let campaign: string;
  let otherAgent: string;
  let awayConversation: string;
  const tokens = { owner: '', editor: '', viewer: '', agent: '', agent2: '', outsider: '', admin: '' };

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web' });
    const { db } = t.database;
    const editor = await addUser(db, { organisationId: demoOrganisation.id, email: 'editor@demo.local' });
    const viewer = await addUser(db, { organisationId: demoOrganisation.id, email: 'viewer@demo.local' });
    campaign = await addCampaign(db, {
      organisationId: demoOrganisation.id,
      name: 'Conversation lab',
      members: [
        { userId: demoUsers.supervisor.id, role: 'owner' },
        { userId: editor, role: 'editor' },
        { userId: viewer, role: 'viewer' },
        { userId: demoUsers.agent.id, role: 'viewer' },
        { userId: demoUsers.agent2.id, role: 'viewer' },
      ],
    });
    const otherOrganisation = await addOrganisation(db, 'Far away');
    otherAgent = await addUser(db, {
      organisationId: otherOrganisation,
      email: 'agent@far.test',
      role: 'agent',
    });
    const awayCampaign = await addCampaign(db, { organisationId: otherOrganisation, name: 'Far campaign' });
    awayConversation = await addConversation(db, { campaignId: awayCampaign, agentId: otherAgent });

    const emails = {
      owner: demoUsers.supervisor.email,
      editor: 'editor@demo.local',
      viewer: 'viewer@demo.local',
      agent: demoUsers.agent.email,
      agent2: demoUsers.agent2.email,
      outsider: demoUsers.supervisor2.email,
      admin: demoUsers.admin.email,
    };
    for (const [name, email] of Object.entries(emails)) {
      tokens[name as keyof typeof tokens] = await t.accessToken(email);
    }
  });
  afterAll(() => t.close());

  const transcript = [
    turn('agent', 'Hello, how can I help?', { start: 0, end: 2.5 }),
    turn('customer', 'My router keeps dropping', { start: 2.5, end: 6 }),
    turn('agent', 'Let me check the line', { start: 6, end: 8.25 }),
  ];

  const addCall = (fields: Partial<TestConversation> = {}) =>
    addConversation(t.database.db, {
      campaignId: campaign,
      agentId: demoUsers.agent.id,
      type: 'call',
      turns: transcript,
      metadata: { channel: 'phone' },
      ...fields,
    });

  const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  describe('GET /conversations/:id', () => {
    it('answers the conversation with its turns, agent and campaign', async () => {
      const id = await addCall({ externalId: 'crm-42', sentiment: 'NEUTRAL', topics: ['network'] });
      const response = await call('GET', `/api/conversations/${id}`, tokens.viewer);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id,
        campaign_id: campaign,
        campaign_name: 'Conversation lab',
        type: 'call',
        agent: { id: demoUsers.agent.id, name: demoUsers.agent.name },
        status: 'ready',
        metadata: { channel: 'phone' },
        external_id: 'crm-42',
        sentiment: 'NEUTRAL',
        topics: ['network'],
        has_audio: false,
        turns: transcript,
        transcript_version: 0,
      });
    });

    it('shows an agent their own conversations only, and nobody outside the campaign', async () => {
      const id = await addCall();
      expect((await call('GET', `/api/conversations/${id}`, tokens.agent)).statusCode).toBe(200);
      for (const token of [tokens.agent2, tokens.outsider]) {
        const response = await call('GET', `/api/conversations/${id}`, token);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Conversation not found' });
      }
      expect((await call('GET', `/api/conversations/${awayConversation}`, tokens.owner)).statusCode).toBe(
        404,
      );
      expect((await call('GET', `/api/conversations/${newId()}`, tokens.admin)).statusCode).toBe(404);
      expect((await call('GET', '/api/conversations/not-an-id', tokens.admin)).statusCode).toBe(400);
    });
  });

  describe('PATCH /conversations/:id', () => {
    it('sets the agent and replaces the metadata', async () => {
      const id = await addCall({ metadata: { channel: 'phone', region: 'North' } });
      const response = await call('PATCH', `/api/conversations/${id}`, tokens.editor, {
        agent_id: demoUsers.agent2.id,
        metadata: { product: 'Broadband' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        agent: { id: demoUsers.agent2.id, name: demoUsers.agent2.name },
        metadata: { product: 'Broadband' },
      });
      const onlyMetadata = await call('PATCH', `/api/conversations/${id}`, tokens.owner, {
        metadata: {},
      });
      expect(onlyMetadata.json()).toMatchObject({ agent: { id: demoUsers.agent2.id }, metadata: {} });
    });

    it.each([
      ['a supervisor', demoUsers.supervisor2.id],
      ['an agent of another organisation', 'other'],
      ['an unknown user', 'unknown'],
    ])('refuses %s as the agent with 422', async (_name, agent) => {
      const id = await addCall();
      const agentId = agent === 'other' ? otherAgent : agent === 'unknown' ? newId() : agent;
      const response = await call('PATCH', `/api/conversations/${id}`, tokens.owner, { agent_id: agentId });
      expect(response.statusCode).toBe(422);
      const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
      expect(row?.agentId).toBe(demoUsers.agent.id);
    });

    it.each([
      ['nothing to change', {}],
      ['an unknown field', { status: 'ready' }],
      ['metadata that is not text', { metadata: { channel: 3 } }],
      [
        'too many metadata keys',
        { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, n) => [`k${n}`, 'v'])) },
      ],
    ])('refuses %s with 400', async (_name, body) => {
      const id = await addCall();
      expect((await call('PATCH', `/api/conversations/${id}`, tokens.owner, body)).statusCode).toBe(400);
    });

    it('is for the people with edit rights: viewers and agents get 403, outsiders 404', async () => {
      const id = await addCall();
      const body = { metadata: { channel: 'web' } };
      expect((await call('PATCH', `/api/conversations/${id}`, tokens.viewer, body)).statusCode).toBe(403);
      expect((await call('PATCH', `/api/conversations/${id}`, tokens.agent, body)).statusCode).toBe(403);
      expect((await call('PATCH', `/api/conversations/${id}`, tokens.outsider, body)).statusCode).toBe(404);
      expect(
        (await call('PATCH', `/api/conversations/${awayConversation}`, tokens.owner, body)).statusCode,
      ).toBe(404);
    });
  });

  describe('DELETE /conversations/:id', () => {
    it('deletes the conversation, its discussion and jobs, and its recording', async () => {
      const audioKey = newFileKey('audio', 'audio/wav');
      await t.app.context.files.put(audioKey, Buffer.from('RIFF fake wave'));
      const id = await addCall({ audioKey, audioMediaType: 'audio/wav' });
      await t.database.db.insert(discussionMessages).values({
        id: newId(),
        conversationId: id,
        authorId: demoUsers.supervisor.id,
        body: 'Listen to this',
      });
      await t.database.db.insert(jobs).values({ id: newId(), kind: 'analysis', conversationId: id });

      const response = await call('DELETE', `/api/conversations/${id}`, tokens.editor);
      expect(response.statusCode).toBe(204);
      expect(await t.database.db.select().from(conversations).where(eq(conversations.id, id))).toEqual([]);
      expect(await t.database.db.select().from(jobs).where(eq(jobs.conversationId, id))).toEqual([]);
      expect(await t.app.context.files.size(audioKey)).toBeNull();
      expect((await call('GET', `/api/conversations/${id}`, tokens.editor)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/conversations/${id}`, tokens.editor)).statusCode).toBe(404);
    });

    it('refuses viewers (403) and other organisations (404)', async () => {
      const id = await addCall();
      expect((await call('DELETE', `/api/conversations/${id}`, tokens.viewer)).statusCode).toBe(403);
      expect((await call('DELETE', `/api/conversations/${awayConversation}`, tokens.owner)).statusCode).toBe(
        404,
      );
      expect(await t.database.db.select().from(conversations).where(eq(conversations.id, id))).toHaveLength(
        1,
      );
    });
  });

  describe('GET /conversations/export/:id', () => {
    it('downloads the conversation with its discussion as a JSON file', async () => {
      const id = await addCall();
      const first = newId();
      await t.database.db.insert(discussionMessages).values([
        {
          id: first,
          conversationId: id,
          authorId: demoUsers.supervisor.id,
          body: 'Good greeting',
          mentions: [],
        },
        {
          id: newId(),
          conversationId: id,
          authorId: demoUsers.agent.id,
          body: 'Thanks',
          mentions: [demoUsers.supervisor.id],
        },
      ]);
      const response = await call('GET', `/api/conversations/export/${id}`, tokens.agent);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(`attachment; filename=conversation-${id}.json`);
      expect(response.headers['cache-control']).toBe('no-store');
      const file = response.json() as ConversationFile;
      expect(file.conversation).toMatchObject({ id, turns: transcript, metadata: { channel: 'phone' } });
      expect(file.discussion).toEqual([
        expect.objectContaining({
          id: first,
          author: { id: demoUsers.supervisor.id, name: 'Sophie Martin' },
        }),
        expect.objectContaining({
          author: { id: demoUsers.agent.id, name: demoUsers.agent.name },
          body: 'Thanks',
          mentions: [demoUsers.supervisor.id],
        }),
      ]);
      expect(file.exported_at).toBeGreaterThan(1_700_000_000);
    });

    it('answers 404 to whoever does not read the conversation', async () => {
      const id = await addCall();
      expect((await call('GET', `/api/conversations/export/${id}`, tokens.agent2)).statusCode).toBe(404);
      expect(
        (await call('GET', `/api/conversations/export/${awayConversation}`, tokens.owner)).statusCode,
      ).toBe(404);
    });
  });

  describe('PUT /calls/:id/transcript', () => {
    const edited = [
      { speaker: 'agent', text: 'Hello, how may I help you?' },
      { speaker: 'customer', text: 'My modem keeps dropping' },
      { speaker: 'customer', text: 'Let me check the line' },
    ];

    it('saves text and speakers, keeps timestamps, raises the version and queues a new analysis', async () => {
      const id = await addCall();
      const response = await call('PUT', `/api/calls/${id}/transcript`, tokens.editor, {
        transcript_version: 0,
        segments: edited,
      });
      expect(response.statusCode).toBe(200);
      const saved = response.json() as Conversation;
      expect(saved.transcript_version).toBe(1);
      expect(saved.status).toBe('analysing');
      expect(
        saved.turns.map(({ speaker, text, start_s, end_s }) => ({ speaker, text, start_s, end_s })),
      ).toEqual([
        { speaker: 'agent', text: 'Hello, how may I help you?', start_s: 0, end_s: 2.5 },
        { speaker: 'customer', text: 'My modem keeps dropping', start_s: 2.5, end_s: 6 },
        { speaker: 'customer', text: 'Let me check the line', start_s: 6, end_s: 8.25 },
      ]);
      const queued = await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.conversationId, id), eq(jobs.kind, 'analysis')));
      expect(queued).toMatchObject([{ status: 'queued' }]);

      // The search reads the new text, not the old.
      const search = async (q: string) => {
        const list = await call(
          'GET',
          `/api/campaigns/${campaign}/conversations?filters=${encodeURIComponent(JSON.stringify({ q }))}`,
          tokens.owner,
        );
        return (list.json() as { items: { id: string }[] }).items.map((item) => item.id);
      };
      expect(await search('modem')).toContain(id);
      expect(await search('router')).not.toContain(id);
    });

    it('refuses a save made from an older version with 409, and keeps the newer text', async () => {
      const id = await addCall();
      const save = (text: string, token = tokens.owner) =>
        call('PUT', `/api/calls/${id}/transcript`, token, {
          transcript_version: 0,
          segments: transcript.map((segment, index) => ({
            speaker: segment.speaker,
            text: index === 0 ? text : segment.text,
          })),
        });
      expect((await save('First editor')).statusCode).toBe(200);
      const stale = await save('Second editor', tokens.editor);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().detail).toMatch(/changed by someone else/);
      const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
      expect(row?.turns[0]?.text).toBe('First editor');
      expect(row?.transcriptVersion).toBe(1);
    });

    it('refuses another number of segments with 422', async () => {
      const id = await addCall();
      const response = await call('PUT', `/api/calls/${id}/transcript`, tokens.owner, {
        transcript_version: 0,
        segments: edited.slice(0, 2),
      });
      expect(response.statusCode).toBe(422);
    });

    it('refuses a call still being transcribed with 409', async () => {
      const id = await addCall({ status: 'transcribing', turns: [] });
      const response = await call('PUT', `/api/calls/${id}/transcript`, tokens.owner, {
        transcript_version: 0,
        segments: [],
      });
      expect(response.statusCode).toBe(409);
    });

    it('answers 404 for chats and emails, which are not calls', async () => {
      const id = await addCall({ type: 'chat' });
      const response = await call('PUT', `/api/calls/${id}/transcript`, tokens.owner, {
        transcript_version: 0,
        segments: edited,
      });
      expect(response.statusCode).toBe(404);
    });

    it.each([
      ['an unknown speaker', { transcript_version: 0, segments: [{ speaker: 'bot', text: 'x' }] }],
      ['a timestamp', { transcript_version: 0, segments: [{ speaker: 'agent', text: 'x', start_s: 1 }] }],
      ['no version', { segments: [] }],
    ])('refuses %s with 400', async (_name, body) => {
      const id = await addCall();
      expect((await call('PUT', `/api/calls/${id}/transcript`, tokens.owner, body)).statusCode).toBe(400);
    });

    it('is for the people with edit rights', async () => {
      const id = await addCall();
      const body = { transcript_version: 0, segments: edited };
      expect((await call('PUT', `/api/calls/${id}/transcript`, tokens.viewer, body)).statusCode).toBe(403);
      expect((await call('PUT', `/api/calls/${id}/transcript`, tokens.agent, body)).statusCode).toBe(403);
      expect((await call('PUT', `/api/calls/${id}/transcript`, tokens.outsider, body)).statusCode).toBe(404);
    });
  });

  describe('GET /calls/:id/audio/download-url', () => {
    it('answers a signed link that serves the recording, by byte ranges too', async () => {
      const audio = Buffer.from(Array.from({ length: 4096 }, (_, n) => n % 256));
      const audioKey = newFileKey('audio', 'audio/mpeg');
      await t.app.context.files.put(audioKey, audio);
      const id = await addCall({ audioKey, audioMediaType: 'audio/mpeg' });

      const response = await call('GET', `/api/calls/${id}/audio/download-url`, tokens.agent);
      expect(response.statusCode).toBe(200);
      const { url, expires_at } = response.json() as { url: string; expires_at: number };
      expect(url.startsWith(`${publicUrl}/api/files/${audioKey}?`)).toBe(true);
      expect(expires_at).toBe(Number(new URL(url).searchParams.get('expires')));
      expect(expires_at).toBeGreaterThan(Date.now() / 1000);

      const path = url.slice(publicUrl.length);
      const whole = await t.app.inject({ url: path });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/mpeg');
      expect(whole.rawPayload).toEqual(audio);
      const part = await t.app.inject({ url: path, headers: { range: 'bytes=1000-1999' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload).toEqual(audio.subarray(1000, 2000));
    });

    it('answers 404 for a call without a recording, for chats, and to whoever does not read the call', async () => {
      const withoutAudio = await addCall();
      expect(
        (await call('GET', `/api/calls/${withoutAudio}/audio/download-url`, tokens.owner)).statusCode,
      ).toBe(404);
      const chat = await addCall({ type: 'chat', audioKey: newFileKey('audio', 'audio/wav') });
      expect((await call('GET', `/api/calls/${chat}/audio/download-url`, tokens.owner)).statusCode).toBe(404);
      const withAudio = await addCall({ audioKey: newFileKey('audio', 'audio/wav') });
      expect(
        (await call('GET', `/api/calls/${withAudio}/audio/download-url`, tokens.agent2)).statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/calls/${withAudio}/audio/download-url`, tokens.outsider)).statusCode,
      ).toBe(404);
    });
  });
});
