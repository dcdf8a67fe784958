// Test calls on the real app with its job worker: a text transcript (and, with the local engines installed, a
// recording) sent to a campaign goes through analysis and evaluation with the campaign's grid, followed live, listed
// and read with its timings; the test conversation counts in no dashboard graph, no validation or golden-set
// statistic and fires no alert, where the same conversation imported for real does; bad files and callers refused.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConversationProgress } from '../../../contract/live';
import type { TestCall, TestCallSummary } from '../../../contract/test-calls';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { multipartForm, wavTone } from '../../fixtures/audio';
import { testDatabaseKinds } from '../../fixtures/databases';
import { pngImage } from '../../fixtures/images';
import { openLiveSocket, type LiveSocket } from '../../fixtures/live-socket';
import { addCampaign } from '../../fixtures/records';
import { missingProgramsFor, speak } from '../../fixtures/speech';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const missing = await missingProgramsFor(
  'Audio test calls',
  ['espeak-ng', 'ffmpeg', 'ffprobe', 'pocketsphinx_continuous'],
  'espeak-ng ffmpeg pocketsphinx pocketsphinx-en-us',
);

const campaignId = demoCampaigns.customerCare.id;
const greets = '019a0000-0000-7000-8000-000000001011';
const jobTimeout = { timeout: 30_000, interval: 100 };

/** A call whose agent greets: the rules answer "Greets the customer" yes. */
const politeCall =
  'Agent: Hello, thank you for calling, my name is Sam. How can I help you?\n' +
  'Customer: My parcel never arrived.\nAgent: I am sorry, I will send a new one today.';
/** A call whose agent never greets: "Greets the customer" is answered no. */
const curtCall = 'Agent: Go ahead.\nCustomer: My parcel never arrived.';

const transcriptFile = (text: string, filename = 'call.txt') =>
  multipartForm({}, { bytes: Buffer.from(text), filename, mediaType: 'text/plain' });

/** The dashboard graphs of the campaign over the last and next day, each as answered (the admin's KPIs too). */
const graphPaths = [
  'kpis',
  'score/distribution',
  'score/evolution',
  'agents/performance',
  'type-proportion',
  'topics/analysis',
  'evaluations/items/details',
  'phases/average-duration',
  'evaluations/items/validation-stats',
];

describe.each(testDatabaseKinds)('test calls on %s', (kind) => {
  let t: TestApp;
  let liveUrl: string;
  let owner: string;
  let agent: string;
  let viewer: string;
  let admin: string;

  const send = (
    body: { payload: Buffer; headers: Record<string, string> },
    token = owner,
    campaign: string = campaignId,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/test-calls`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  const get = (url: string, token = owner) => t.app.inject({ url: `/api${url}`, headers: bearer(token) });
  const testCall = async (id: string) =>
    (await get(`/campaigns/${campaignId}/test-calls/${id}`)).json() as TestCall;
  const finished = async (id: string) => {
    await vi.waitFor(
      async () => expect(['done', 'failed']).toContain((await testCall(id)).status),
      jobTimeout,
    );
    return testCall(id);
  };
  /** The last and next day, fixed once so that graphs read at different times compare. */
  const now = Math.floor(Date.now() / 1000);
  const range = `campaigns=${campaignId}&startTs=${now - 86_400}&endTs=${now + 86_400}`;
  const graphs = async () => {
    const answers: Record<string, unknown> = {};
    for (const graph of graphPaths) {
      const response = await get(`/dashboards/graphs/${graph}?${range}`);
      expect(response.statusCode, graph).toBe(200);
      answers[graph] = response.json();
    }
    const platform = await get(`/admin/kpis?${range}`, admin);
    expect(platform.statusCode).toBe(200);
    answers['admin/kpis'] = platform.json();
    return answers;
  };
  const goldenSetCheck = async () => {
    const grid = (await get(`/campaigns/${campaignId}/evaluation-grid`)).json();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/evaluation-grids/${grid.id}/golden-set-check`,
      headers: bearer(owner),
      payload: { sections: grid.sections, additional_scores: grid.additional_scores },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { validated_conversations: number };
  };
  const alertsOn = async (conversationId: string) => {
    const page = (await get('/notifications?limit=200')).json();
    return page.items.filter(
      (item: { type: string; conversation_id: string }) =>
        item.type === 'ALERT' && item.conversation_id === conversationId,
    );
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    liveUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
    [owner, agent, viewer, admin] = await Promise.all([
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
      t.accessToken(demoUsers.supervisor2.email),
      t.accessToken(demoUsers.admin.email),
    ]);
  });
  afterAll(() => t.close());

  it('takes a text transcript through analysis and evaluation with the grid, live, listed, with timings', async () => {
    let live: LiveSocket | undefined;
    try {
      live = await openLiveSocket(liveUrl, owner);
      const created = await send(transcriptFile(politeCall, 'polite call.txt'));
      expect(created.statusCode).toBe(201);
      const started = created.json() as TestCall;
      expect(started).toMatchObject({
        campaign_id: campaignId,
        file_name: 'polite call.txt',
        source: 'transcript',
        created_by: { id: demoUsers.supervisor.id, name: expect.any(String) },
        main_score: null,
      });
      expect(['queued', 'analysing', 'evaluating']).toContain(started.status);
      expect(started.turns.map((turn) => turn.speaker)).toEqual(['agent', 'customer', 'agent']);

      const result = await finished(started.id);
      expect(result.status).toBe('done');
      expect(result.evaluation).toMatchObject({ status: 'done', engine: 'rules', grid_version: 1 });
      expect(result.evaluation?.items.find((item) => item.item_id === greets)?.value).toBe('yes');
      expect(result.main_score).toBe(result.evaluation?.main_score);
      expect(result.main_score).toBeGreaterThan(0);
      const { timings } = result;
      expect(timings.transcription_s).toBeNull();
      for (const step of [timings.queued_s, timings.analysis_s, timings.evaluation_s, timings.total_s])
        expect(step).toBeGreaterThanOrEqual(0);
      expect(timings.total_s).toBeGreaterThanOrEqual(
        (timings.queued_s ?? 0) + (timings.analysis_s ?? 0) + (timings.evaluation_s ?? 0) - 0.01,
      );

      // Its progress came over the live channel, up to the evaluation's end.
      const heard = (live.received as ConversationProgress[]).filter(
        (message) => message.type === 'conversation' && message.conversation_id === started.id,
      );
      expect(heard.map((message) => message.job?.kind)).toEqual(
        expect.arrayContaining(['analysis', 'evaluation']),
      );
      expect(
        heard.some((message) => message.job?.kind === 'evaluation' && message.job.status === 'done'),
      ).toBe(true);

      // Listed, newest first, and opened as a conversation, marked as none of the campaign's real ones.
      const list = (await get(`/campaigns/${campaignId}/test-calls`)).json() as TestCallSummary[];
      expect(list[0]).toMatchObject({ id: started.id, status: 'done', main_score: result.main_score });
      const conversation = await get(`/conversations/${started.id}`);
      expect(conversation.statusCode).toBe(200);
      expect(conversation.json()).toMatchObject({ agent: null, type: 'call', is_test: true });
      const campaignList = (await get(`/campaigns/${campaignId}/conversations`)).json();
      expect(campaignList.items.map((item: { id: string }) => item.id)).not.toContain(started.id);
    } finally {
      live?.socket.close();
    }
  });

  it('evaluates a test call even when the campaign does not evaluate automatically', async () => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/campaigns/${campaignId}`,
      headers: bearer(owner),
      payload: { auto_evaluate: false },
    });
    expect(patched.statusCode).toBe(200);
    try {
      const created = await send(transcriptFile(politeCall));
      expect((await finished(created.json().id)).status).toBe('done');
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/campaigns/${campaignId}`,
        headers: bearer(owner),
        payload: { auto_evaluate: true },
      });
    }
  });

  it('counts in no graph, statistic or alert, where the same call imported for real does', async () => {
    const alert = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: bearer(owner),
      payload: {
        campaign_id: campaignId,
        name: 'No greeting',
        detail: { type: 'binary_item', operator: 'eq', score: 0, item_id: greets },
        recipients: [demoUsers.supervisor.id],
      },
    });
    expect(alert.statusCode).toBe(201);
    const before = await graphs();
    const goldenBefore = await goldenSetCheck();

    const created = await send(transcriptFile(curtCall));
    const result = await finished(created.json().id);
    expect(result.evaluation?.items.find((item) => item.item_id === greets)?.value).toBe('no');
    // Validated by a person, as a real evaluation would be before the statistics read it.
    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${result.id}/evaluation/validate`,
      headers: bearer(owner),
    });
    expect(validated.statusCode).toBe(200);

    expect(await graphs()).toEqual(before);
    expect((await goldenSetCheck()).validated_conversations).toBe(goldenBefore.validated_conversations);
    expect(await alertsOn(result.id)).toEqual([]);

    // The same call imported as a real conversation of an agent counts, and alerts.
    const real = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/conversations`,
      headers: bearer(owner),
      payload: { type: 'call', agent_id: demoUsers.agent.id, input_text: curtCall },
    });
    expect(real.statusCode).toBe(201);
    const realId = real.json().id as string;
    await vi.waitFor(
      async () => expect((await get(`/conversations/${realId}`)).json().evaluation?.status).toBe('done'),
      jobTimeout,
    );
    expect((await graphs()).kpis).not.toEqual(before.kpis);
    await vi.waitFor(async () => expect(await alertsOn(realId)).toHaveLength(1), jobTimeout);
  });

  describe.skipIf(missing.length > 0)('with the local transcription engine', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'qm-test-calls-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('transcribes a recording, then analyses and evaluates it', async () => {
      const file = await speak(dir, 'test-call', 'Hello, thank you for calling. How can I help you today?');
      const created = await send(
        multipartForm({}, { bytes: await readFile(file), filename: 'greeting.wav', mediaType: 'audio/wav' }),
      );
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ source: 'audio', file_name: 'greeting.wav' });
      const result = await finished(created.json().id);
      expect(result.status).toBe('done');
      expect(result.turns.length).toBeGreaterThan(0);
      expect(result.evaluation?.status).toBe('done');
      expect(result.timings.transcription_s).toBeGreaterThan(0);
      expect(result.timings.total_s).toBeGreaterThanOrEqual(result.timings.transcription_s ?? 0);
    }, 60_000);
  });

  it('refuses bad files with 4xx and a detail, storing nothing', async () => {
    const countBefore = ((await get(`/campaigns/${campaignId}/test-calls`)).json() as unknown[]).length;
    const refusals: [ReturnType<typeof transcriptFile>, number, RegExp][] = [
      [transcriptFile('Hello there, no speaker label.'), 400, /speaker label/],
      [transcriptFile(''), 400, /no turn/],
      [
        multipartForm({}, { bytes: pngImage(), filename: 'logo.png', mediaType: 'image/png' }),
        415,
        /audio file/,
      ],
      [
        multipartForm({}, { bytes: Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x80, 0x81]), filename: 'x.bin' }),
        415,
        /UTF-8/,
      ],
      [multipartForm({}, { bytes: Buffer.from(politeCall), field: 'transcript' }), 400, /"file"/],
      [
        multipartForm({}, { bytes: Buffer.from(`Agent: ${'a'.repeat(1024 * 1024)}`), filename: 'big.txt' }),
        413,
        /at most/,
      ],
    ];
    for (const [body, status, detail] of refusals) {
      const response = await send(body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().detail).toMatch(detail);
    }
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaignId}/test-calls`,
      headers: bearer(owner),
      payload: { file: politeCall },
    });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
    expect(((await get(`/campaigns/${campaignId}/test-calls`)).json() as unknown[]).length).toBe(countBefore);
    // A wav that is only a tone is audio: accepted, then failed by the pipeline with the reason (no speech, or no
    // engine where none is installed), and listed as failed.
    const tone = await send(multipartForm({}, { bytes: wavTone(0.2), filename: 'tone.wav' }));
    expect(tone.statusCode).toBe(201);
    const failed = await finished(tone.json().id);
    expect(failed).toMatchObject({ status: 'failed', main_score: null, evaluation: null });
    expect(failed.status_reason).not.toBeNull();
    expect(failed.status_detail).toEqual(expect.any(String));
    const listed = (await get(`/campaigns/${campaignId}/test-calls`)).json() as TestCallSummary[];
    expect(listed.find((each) => each.id === failed.id)).toMatchObject({
      status: 'failed',
      file_name: 'tone.wav',
    });
  });

  it('refuses a campaign without a grid (422), unknown ids (404), and callers who may not test', async () => {
    const gridless = await addCampaign(t.database.db, {
      organisationId: demoOrganisation.id,
      name: 'No grid yet',
      members: [{ userId: demoUsers.supervisor.id, role: 'owner' }],
    });
    const noGrid = await send(transcriptFile(politeCall), owner, gridless);
    expect(noGrid.statusCode).toBe(422);
    expect(noGrid.json().detail).toMatch(/grid/);

    const unknown = '019a0000-0000-7000-8000-00000000dead';
    expect((await get(`/campaigns/${campaignId}/test-calls/${unknown}`)).statusCode).toBe(404);
    expect((await get(`/campaigns/${campaignId}/test-calls/not-an-id`)).statusCode).toBe(400);
    // A test call is read under its own campaign only.
    const [mine] = (await get(`/campaigns/${campaignId}/test-calls`)).json() as TestCallSummary[];
    expect((await get(`/campaigns/${gridless}/test-calls/${mine?.id}`)).statusCode).toBe(404);

    // Viewers of the campaign (an agent, a supervisor) neither send nor read test calls.
    for (const token of [agent, viewer]) {
      expect((await send(transcriptFile(politeCall), token)).statusCode).toBe(403);
      expect((await get(`/campaigns/${campaignId}/test-calls`, token)).statusCode).toBe(403);
      expect((await get(`/campaigns/${campaignId}/test-calls/${mine?.id}`, token)).statusCode).toBe(403);
    }
    // The agent does not see the test conversation (it has no agent); nor does it appear in their list.
    expect((await get(`/conversations/${mine?.id}`, agent)).statusCode).toBe(404);
  });
});
