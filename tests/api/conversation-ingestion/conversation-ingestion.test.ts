// Ingestion: conversations posted as text (chat, email, call transcript) and audio calls uploaded as files; who
// may, what is refused, duplicates by external id (also when they race), and the job each one queues.
import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioMaxBytes, conversationBatchMaxItems } from '../../../contract/conversation-ingestion';
import { type Conversation } from '../../../contract/conversations';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversations, jobs, users } from '../../../server/db/schema';
import { encodeAudio, hasFfmpeg, multipartForm, wavTone, type EncodedFormat } from '../../fixtures/audio';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const customerCare: string = demoCampaigns.customerCare.id;
const serviceClient: string = demoCampaigns.serviceClient.id;
const agent = demoUsers.agent.id;

const chat = (extra: object = {}) => ({
  type: 'chat',
  agent_id: agent,
  messages: [
    {
      speaker: 'customer',
      text: 'Hello, my parcel has still not arrived after two weeks.',
      sent_at: 1_700_000_000,
    },
    {
      speaker: 'agent',
      text: 'I am sorry to hear that, let me check the tracking for you.',
      sent_at: 1_700_000_090,
    },
  ],
  ...extra,
});

describe.each(testDatabaseKinds)('conversation ingestion on %s', (kind) => {
  let t: TestApp;
  let owner: string;
  let viewer: string;
  let agentToken: string;
  let outsider: string;
  let awayCampaign: string;
  let awayAgent: string;
  let disabledAgent: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web' });
    const { db } = t.database;
    const otherOrg = await addOrganisation(db, 'Elsewhere Ltd');
    await addUser(db, { organisationId: otherOrg, email: 'boss@elsewhere.test' });
    awayAgent = await addUser(db, { organisationId: otherOrg, email: 'agent@elsewhere.test', role: 'agent' });
    awayCampaign = await addCampaign(db, { organisationId: otherOrg, name: 'Elsewhere calls' });
    disabledAgent = await addUser(db, {
      organisationId: demoOrganisation.id,
      email: 'gone@demo.local',
      role: 'agent',
    });
    await db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabledAgent));
    [owner, viewer, agentToken, outsider] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.supervisor2.email),
      t.accessToken(demoUsers.agent.email),
      t.accessToken('boss@elsewhere.test'),
    ]);
  });
  afterAll(() => t.close());

  const post = (payload: object, { campaign = customerCare, token = owner } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/conversations`,
      headers: bearer(token),
      payload,
    });

  const jobsOf = (conversationId: string) =>
    t.database.db.select().from(jobs).where(eq(jobs.conversationId, conversationId));
  const rowOf = async (conversationId: string) => {
    const [row] = await t.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    return row;
  };
  const countWithExternalId = async (externalId: string) =>
    (await t.database.db.select().from(conversations).where(eq(conversations.externalId, externalId))).length;

  describe('POST /campaigns/{id}/conversations', () => {
    it('creates a chat with its turns, analysing, with its analysis queued', async () => {
      const response = await post(chat({ metadata: { channel: 'web', tier: 'gold' } }));
      expect(response.statusCode).toBe(201);
      const conversation = response.json() as Conversation;
      expect(conversation).toMatchObject({
        campaign_id: customerCare,
        campaign_name: 'Customer Care',
        type: 'chat',
        agent: { id: agent, name: demoUsers.agent.name },
        status: 'analysing',
        language: 'en',
        started_at: 1_700_000_000,
        duration_s: 90,
        metadata: { channel: 'web', tier: 'gold' },
        external_id: null,
        has_audio: false,
        transcript_version: 0,
      });
      expect(conversation.turns.map((turn) => [turn.speaker, turn.sent_at])).toEqual([
        ['customer', 1_700_000_000],
        ['agent', 1_700_000_090],
      ]);
      expect(await jobsOf(conversation.id)).toMatchObject([{ kind: 'analysis', status: 'queued' }]);
      expect((await rowOf(conversation.id))?.searchText).toContain('let me check the tracking');
    });

    it('creates an email thread with subjects', async () => {
      const response = await post({
        type: 'email',
        agent_id: agent,
        emails: [
          {
            speaker: 'customer',
            subject: 'Refund',
            body: 'Hello, I would like a refund for order 1234 please.',
          },
          { speaker: 'agent', subject: 'Re: Refund', body: 'Hello, your refund has been issued today.' },
        ],
      });
      expect(response.statusCode).toBe(201);
      const conversation = response.json() as Conversation;
      expect(conversation.type).toBe('email');
      expect(conversation.turns.map((turn) => turn.subject)).toEqual(['Refund', 'Re: Refund']);
      expect(conversation.duration_s).toBe(0);
      expect(Math.abs(conversation.started_at - Date.now() / 1000)).toBeLessThan(60);
      expect(await jobsOf(conversation.id)).toMatchObject([{ kind: 'analysis' }]);
    });

    it('reads a call given as text, English and French labels, continuation lines', async () => {
      const english = await post({
        type: 'call',
        agent_id: agent,
        input_text:
          'Agent: Thank you for calling, how can I help you today?\n' +
          'Customer: My internet connection keeps dropping\nevery evening since Monday.\n' +
          'Agent: I will run a line test.',
      });
      expect(english.statusCode).toBe(201);
      const call = english.json() as Conversation;
      expect(call.turns.map(({ speaker, text }) => [speaker, text])).toEqual([
        ['agent', 'Thank you for calling, how can I help you today?'],
        ['customer', 'My internet connection keeps dropping\nevery evening since Monday.'],
        ['agent', 'I will run a line test.'],
      ]);
      expect(call).toMatchObject({ type: 'call', status: 'analysing', duration_s: 0, language: 'en' });

      const french = await post(
        {
          type: 'call',
          agent_id: demoUsers.agent3.id,
          input_text:
            'Agent : Bonjour, service client, que puis-je faire pour vous ?\n' +
            'Client : Bonjour, ma facture de ce mois est beaucoup trop élevée.',
        },
        { campaign: serviceClient },
      );
      expect(french.statusCode).toBe(201);
      expect((french.json() as Conversation).turns.map((turn) => turn.speaker)).toEqual([
        'agent',
        'customer',
      ]);

      const unlabelled = await post({ type: 'call', agent_id: agent, input_text: 'Hello?\nAgent: Hi.' });
      expect(unlabelled.statusCode).toBe(400);
      expect(unlabelled.json().detail).toMatch(/speaker label/);
    });

    it('detects the language, falls back to the campaign one for a short text, keeps a given one', async () => {
      const french = await post({
        type: 'chat',
        agent_id: agent,
        messages: [
          {
            speaker: 'customer',
            text: 'Bonjour, je voudrais changer l’adresse de livraison de ma commande.',
          },
          { speaker: 'agent', text: 'Bien sûr, pouvez-vous me donner votre numéro de commande ?' },
        ],
      });
      expect((french.json() as Conversation).language).toBe('fr');
      const short = await post(
        { type: 'chat', agent_id: demoUsers.agent3.id, messages: [{ speaker: 'customer', text: 'Ok' }] },
        { campaign: serviceClient },
      );
      expect((short.json() as Conversation).language).toBe('fr');
      expect((await post(chat({ language: 'fr' }))).json().language).toBe('fr');
    });

    it('refuses unknown fields, a wrong variant, too much metadata and impossible times with 400', async () => {
      const refusals = [
        chat({ colour: 'blue' }),
        { ...chat(), messages: [{ speaker: 'customer', text: 'Hi', mood: 'happy' }] },
        { type: 'chat', agent_id: agent, emails: [{ speaker: 'agent', body: 'Hello' }] },
        { type: 'call', agent_id: agent, messages: [{ speaker: 'agent', text: 'Hello' }] },
        { type: 'fax', agent_id: agent, input_text: 'Agent: hi' },
        { type: 'chat', agent_id: agent, messages: [] },
        { type: 'chat', agent_id: agent, messages: [{ speaker: 'robot', text: 'Beep' }] },
        chat({ metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`key${i}`, 'v'])) }),
        chat({ metadata: { tier: 3 } }),
        chat({ started_at: 1e15 }),
        chat({ language: 'de' }),
        chat({ agent_id: 'not-an-id' }),
      ];
      for (const payload of refusals) {
        const response = await post(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().detail).toBeTypeOf('string');
      }
      const fifty = chat({
        metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`key${i}`, 'v'])),
      });
      expect((await post(fifty)).statusCode).toBe(201);
    });

    it('answers 404 for another organisation’s or an unknown campaign, 403 to viewers and agents', async () => {
      expect((await post(chat(), { campaign: awayCampaign })).statusCode).toBe(404);
      expect((await post(chat(), { campaign: newId() })).statusCode).toBe(404);
      expect((await post(chat(), { token: outsider })).statusCode).toBe(404);
      expect((await post(chat(), { token: viewer })).statusCode).toBe(403);
      expect((await post(chat(), { token: agentToken })).statusCode).toBe(403);
    });

    it('refuses with 422 an agent_id that is not a usable agent of the campaign’s organisation', async () => {
      for (const agentId of [demoUsers.supervisor.id, awayAgent, disabledAgent, newId()]) {
        const response = await post(chat({ agent_id: agentId, external_id: `refused-${agentId}` }));
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toMatch(/agent/);
        expect(await countWithExternalId(`refused-${agentId}`)).toBe(0);
      }
    });

    it('answers a known external_id with the conversation already there (200), once per campaign', async () => {
      const first = await post(chat({ external_id: 'crm-42' }));
      expect(first.statusCode).toBe(201);
      const again = await post(
        chat({ external_id: 'crm-42', messages: [{ speaker: 'agent', text: 'Other' }] }),
      );
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      expect(again.json().turns).toHaveLength(2);
      expect(await jobsOf(first.json().id)).toHaveLength(1);

      const elsewhere = await post(chat({ external_id: 'crm-42', agent_id: demoUsers.agent3.id }), {
        campaign: serviceClient,
      });
      expect(elsewhere.statusCode).toBe(201);
      expect(await countWithExternalId('crm-42')).toBe(2);
    });

    it('creates one conversation when the same external_id races', async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => post(chat({ external_id: 'race-1' }))),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
      expect(await countWithExternalId('race-1')).toBe(1);
      expect(await jobsOf(responses[0]?.json().id)).toHaveLength(1);
    });
  });

  describe('POST /campaigns/{id}/conversations/batch', () => {
    const postBatch = (conversations: unknown, { campaign = customerCare, token = owner } = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaign}/conversations/batch`,
        headers: bearer(token),
        payload: { conversations },
      });

    it('stores every variant with its analysis queued, and answers each outcome in order', async () => {
      const response = await postBatch([
        chat({ external_id: 'batch-1', metadata: { channel: 'web' } }),
        { type: 'email', agent_id: agent, emails: [{ speaker: 'customer', body: 'Where is my refund?' }] },
        { type: 'call', agent_id: agent, input_text: 'Agent: Hello.\nCustomer: Hi, my bill is wrong.' },
      ]);
      expect(response.statusCode).toBe(200);
      const { results } = response.json() as {
        results: { id: string; external_id: string | null; outcome: string }[];
      };
      expect(results.map(({ external_id, outcome }) => [external_id, outcome])).toEqual([
        ['batch-1', 'created'],
        [null, 'created'],
        [null, 'created'],
      ]);
      const rows = await Promise.all(results.map(({ id }) => rowOf(id)));
      expect(rows.map((row) => [row?.type, row?.status, row?.campaignId])).toEqual([
        ['chat', 'analysing', customerCare],
        ['email', 'analysing', customerCare],
        ['call', 'analysing', customerCare],
      ]);
      expect(rows[0]?.metadata).toEqual({ channel: 'web' });
      expect(rows[2]?.searchText).toContain('my bill is wrong');
      for (const { id } of results)
        expect(await jobsOf(id)).toMatchObject([{ kind: 'analysis', status: 'queued' }]);
    });

    it('answers external ids already stored, or earlier in the batch, as duplicates of that conversation', async () => {
      const stored = (await post(chat({ external_id: 'batch-known' }))).json() as Conversation;
      const response = await postBatch([
        chat({ external_id: 'batch-known' }),
        chat({ external_id: 'batch-twice' }),
        chat({ external_id: 'batch-twice' }),
      ]);
      expect(response.statusCode).toBe(200);
      const { results } = response.json() as { results: { id: string; outcome: string }[] };
      expect(results.map(({ outcome }) => outcome)).toEqual(['duplicate', 'created', 'duplicate']);
      expect(results[0]?.id).toBe(stored.id);
      expect(results[2]?.id).toBe(results[1]?.id);
      expect(await countWithExternalId('batch-known')).toBe(1);
      expect(await countWithExternalId('batch-twice')).toBe(1);
      expect(await jobsOf(stored.id)).toHaveLength(1);
    });

    it('stores nothing of a batch with one bad conversation, and says which one', async () => {
      const badAgent = await postBatch([
        chat({ external_id: 'batch-none-1' }),
        chat({ agent_id: awayAgent }),
      ]);
      expect(badAgent.statusCode).toBe(422);
      expect(badAgent.json().detail).toMatch(/^conversations\.1: agent_id/);
      const badText = await postBatch([
        chat({ external_id: 'batch-none-2' }),
        { type: 'call', agent_id: agent, input_text: 'Hello?' },
      ]);
      expect(badText.statusCode).toBe(400);
      expect(badText.json().detail).toMatch(/^conversations\.1: .*speaker label/);
      const wrongVariant = await postBatch([chat({ external_id: 'batch-none-3', emails: [] })]);
      expect(wrongVariant.statusCode).toBe(400);
      expect(wrongVariant.json()).toHaveProperty('detail');
      for (const externalId of ['batch-none-1', 'batch-none-2', 'batch-none-3'])
        expect(await countWithExternalId(externalId)).toBe(0);
    });

    it('refuses an empty or oversized batch, a body that is no batch, and a body over its size limit', async () => {
      expect((await postBatch([])).statusCode).toBe(400);
      expect(
        (await postBatch(Array.from({ length: conversationBatchMaxItems + 1 }, () => chat()))).statusCode,
      ).toBe(400);
      const notABatch = await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${customerCare}/conversations/batch`,
        headers: bearer(owner),
        payload: [chat()],
      });
      expect(notABatch.statusCode).toBe(400);
      const huge = 'x'.repeat(90_000);
      const tooLarge = await postBatch(
        Array.from({ length: 200 }, () => chat({ messages: [{ speaker: 'agent', text: huge }] })),
      );
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toHaveProperty('detail');
    });

    it('answers 404 for another organisation’s or an unknown campaign, 403 to viewers and agents', async () => {
      expect((await postBatch([chat()], { campaign: awayCampaign })).statusCode).toBe(404);
      expect((await postBatch([chat()], { campaign: newId() })).statusCode).toBe(404);
      expect((await postBatch([chat()], { token: outsider })).statusCode).toBe(404);
      expect((await postBatch([chat()], { token: viewer })).statusCode).toBe(403);
      expect((await postBatch([chat()], { token: agentToken })).statusCode).toBe(403);
    });
  });

  describe('POST /calls/audio', () => {
    const storedFiles = () => readdir(path.join(t.config.dataDir, 'files')).catch(() => [] as string[]);
    const incomingFiles = () => readdir(path.join(t.config.dataDir, 'incoming')).catch(() => [] as string[]);

    const upload = (
      fields: Record<string, string>,
      file: Parameters<typeof multipartForm>[1],
      { token = owner, fieldsAfter = {} as Record<string, string> } = {},
    ) => {
      const { payload, headers } = multipartForm(fields, file, fieldsAfter);
      return t.app.inject({
        method: 'POST',
        url: '/api/calls/audio',
        headers: { ...bearer(token), ...headers },
        payload,
      });
    };

    it('stores a WAV as a call to transcribe, with its transcription queued', async () => {
      const wav = wavTone(0.5);
      const response = await upload(
        { campaign_id: serviceClient, agent_id: demoUsers.agent3.id },
        { bytes: wav },
      );
      expect(response.statusCode).toBe(201);
      const call = response.json() as Conversation;
      expect(call).toMatchObject({
        type: 'call',
        status: 'transcribing',
        has_audio: true,
        language: 'fr',
        agent: { id: demoUsers.agent3.id },
        turns: [],
      });
      expect(call.external_id).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(await jobsOf(call.id)).toMatchObject([{ kind: 'transcription', status: 'queued' }]);
      const row = await rowOf(call.id);
      expect(row).toMatchObject({ audioMediaType: 'audio/wav' });
      expect(row?.audioKey).toMatch(/^audio-[\w-]+\.wav$/);
      expect((await readFile(path.join(t.config.dataDir, 'files', row?.audioKey ?? ''))).equals(wav)).toBe(
        true,
      );
      expect(await incomingFiles()).toEqual([]);
    });

    it('answers the same recording uploaded again with the call already there, storing nothing', async () => {
      const wav = wavTone(0.7);
      const first = await upload({ campaign_id: customerCare }, { bytes: wav });
      expect(first.statusCode).toBe(201);
      expect(first.json().agent).toBeNull();
      const before = await storedFiles();
      const again = await upload({ campaign_id: customerCare }, { bytes: wav, filename: 'copy.wav' });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      expect(await storedFiles()).toEqual(before);

      const named = await upload({ campaign_id: customerCare, external_id: 'pbx-1' }, { bytes: wav });
      expect(named.statusCode).toBe(201);
      expect(named.json().external_id).toBe('pbx-1');
    });

    it('reads the fields sent after the file too', async () => {
      const response = await upload(
        {},
        { bytes: wavTone(0.3) },
        { fieldsAfter: { campaign_id: customerCare } },
      );
      expect(response.statusCode).toBe(201);
    });

    const formats: [EncodedFormat, string][] = [
      ['mp3', 'audio/mpeg'],
      ['ogg', 'audio/ogg'],
      ['flac', 'audio/flac'],
      ['m4a', 'audio/mp4'],
      ['webm', 'audio/webm'],
    ];
    it.skipIf(!hasFfmpeg).each(formats)('takes %s audio made by ffmpeg', async (format, mediaType) => {
      const bytes = encodeAudio(wavTone(0.4 + formats.findIndex(([name]) => name === format) / 10), format);
      const response = await upload(
        { campaign_id: customerCare },
        { bytes, filename: 'recording.bin', mediaType: 'application/octet-stream' },
      );
      expect(response.statusCode).toBe(201);
      expect((await rowOf(response.json().id))?.audioMediaType).toBe(mediaType);
    });
    if (!hasFfmpeg)
      console.warn('ffmpeg is not installed: MP3, OGG, FLAC, M4A and WebM uploads are not tested');

    it('refuses what is not audio with 415 whatever its name, and stores nothing', async () => {
      const before = await storedFiles();
      for (const bytes of [
        Buffer.from('Agent: hello\nCustomer: this is text, not a recording'),
        Buffer.alloc(0),
      ]) {
        const response = await upload({ campaign_id: customerCare }, { bytes, filename: 'call.wav' });
        expect(response.statusCode).toBe(415);
        expect(response.json().detail).toMatch(/WAV, MP3/);
      }
      expect(await storedFiles()).toEqual(before);
      expect(await incomingFiles()).toEqual([]);
    });

    it('refuses bad fields with 400, others’ campaigns with 404, viewers with 403, non-agents with 422', async () => {
      const before = await storedFiles();
      const bytes = wavTone(0.2);
      expect((await upload({}, { bytes })).statusCode).toBe(400);
      expect((await upload({ campaign_id: 'nope' }, { bytes })).statusCode).toBe(400);
      expect((await upload({ campaign_id: customerCare, colour: 'blue' }, { bytes })).statusCode).toBe(400);
      expect((await upload({ campaign_id: customerCare }, { bytes, field: 'audio' })).statusCode).toBe(400);
      expect((await upload({ campaign_id: awayCampaign }, { bytes })).statusCode).toBe(404);
      expect((await upload({ campaign_id: customerCare }, { bytes }, { token: outsider })).statusCode).toBe(
        404,
      );
      expect((await upload({ campaign_id: customerCare }, { bytes }, { token: viewer })).statusCode).toBe(
        403,
      );
      expect(
        (await upload({}, { bytes }, { token: agentToken, fieldsAfter: { campaign_id: customerCare } }))
          .statusCode,
      ).toBe(403);
      for (const agentId of [demoUsers.supervisor.id, awayAgent]) {
        expect((await upload({ campaign_id: customerCare, agent_id: agentId }, { bytes })).statusCode).toBe(
          422,
        );
      }
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/calls/audio',
        headers: bearer(owner),
        payload: { campaign_id: customerCare },
      });
      expect(json.statusCode).toBe(415);
      expect(await storedFiles()).toEqual(before);
    });

    it('refuses a file over 200 MB with 413 while it streams, and keeps nothing of it', async () => {
      const before = await storedFiles();
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { status, detail, sent } = await streamOversizedUpload(`${address}/api/calls/audio`, owner);
      expect(status).toBe(413);
      expect(detail).toBeTypeOf('string');
      expect(sent).toBeGreaterThan(audioMaxBytes);
      expect(await storedFiles()).toEqual(before);
      expect(await incomingFiles()).toEqual([]);
    });

    it('refuses a viewer before reading the file when the fields come first', async () => {
      const address = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const { status, sent } = await streamOversizedUpload(`${address}/api/calls/audio`, viewer);
      // The answer may be lost when the server closes the connection under a client still sending: what
      // matters is that it stopped reading long before the end.
      expect([403, 0]).toContain(status);
      expect(sent).toBeLessThan(audioMaxBytes / 2);
    });
  });

  /**
   * Streams a multipart upload of a WAV followed by zeros to past the limit, generated as it is sent (never held
   * in memory), over a real socket; stops sending once the server answers. Resolves to the answer and how many
   * bytes were written.
   */
  function streamOversizedUpload(url: string, token: string) {
    const boundary = 'qm-oversized';
    const head = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="campaign_id"\r\n\r\n${customerCare}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\n` +
          'Content-Type: audio/wav\r\n\r\n',
      ),
      wavTone(0.1),
    ]);
    const chunk = Buffer.alloc(1024 * 1024);
    const total = audioMaxBytes + 4 * chunk.length;
    return new Promise<{ status: number; detail: unknown; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = httpRequest(url, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      request.on('response', (response) => {
        answered = true;
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            detail: (JSON.parse(body) as { detail: unknown }).detail,
            sent,
          }),
        );
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return;
        answered = true;
        // The server closed the connection before its answer could be read: no status, only how much was sent.
        if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, detail: null, sent });
        else reject(error);
      });
      const write = () => {
        while (!answered && sent < total) {
          const piece = sent === 0 ? head : chunk;
          sent += piece.length;
          if (!request.write(piece)) return void request.once('drain', write);
        }
        if (!answered) request.end(`\r\n--${boundary}--\r\n`);
      };
      write();
    });
  }
});
