// Transcription as a background job in the real app: a launched call is transcribed by the worker (through a
// small OpenAI-compatible service started here), its readers follow it live, a failed attempt is retried, a
// refusal ends with the call failed and the reason, and French audio without a provider says so.
import { and, eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationProgress } from '../../../contract/live';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { conversations, jobs } from '../../../server/db/schema';
import { missingPrograms, missingProgramsFor, toneWav } from '../../fixtures/speech';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeTranscriptionProvider,
  verboseJson,
  type FakeTranscriptionProvider,
} from '../../fixtures/fake-transcription-provider';
import { openLiveSocket, type LiveSocket } from '../../fixtures/live-socket';
import { addAudioCall } from '../../fixtures/records';
import { bearer, createTestApp } from '../../fixtures/test-app';

const missing = await missingProgramsFor('Transcription job tests', ['ffmpeg', 'ffprobe'], 'ffmpeg');

const threeSecondCall = () => toneWav({ durationSeconds: 3, spans: [[0.5, 2.5]] });
const answer = (text: string) => ({ status: 200, body: verboseJson([{ start: 0.5, end: 2.5, text }]) });
const jobTimeout = { timeout: 20_000, interval: 100 };

/** What a socket heard about one conversation. */
const progressOf = (socket: LiveSocket, conversationId: string) =>
  (socket.received as ConversationProgress[]).filter(
    (message) => message.type === 'conversation' && message.conversation_id === conversationId,
  );

async function setUp(kind: (typeof testDatabaseKinds)[number], environment: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp(kind, environment);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const liveUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
  const supervisorToken = await t.accessToken(demoUsers.supervisor.email);
  const conversationOf = async (id: string) => {
    const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
    if (!row) throw new Error(`No conversation ${id}`);
    return row;
  };
  const jobOf = async (conversationId: string, kind: 'transcription' | 'analysis') =>
    (
      await t.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.conversationId, conversationId), eq(jobs.kind, kind)))
        .orderBy(jobs.createdAt)
    ).at(-1);
  const addCall = (language: 'en' | 'fr') =>
    addAudioCall(t.database.db, t.app.context.files, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      language,
      audio: threeSecondCall(),
    });
  const launch = (id: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/calls/${id}/transcription/launch`,
      headers: bearer(supervisorToken),
    });
  return { t, liveUrl, supervisorToken, conversationOf, jobOf, addCall, launch };
}

describe.each(testDatabaseKinds)('transcription jobs on %s', (kind) => {
  describe.skipIf(missing.length > 0)('with a transcription provider', () => {
    let provider: FakeTranscriptionProvider;
    let app: Awaited<ReturnType<typeof setUp>>;

    beforeAll(async () => {
      provider = await startFakeTranscriptionProvider();
      app = await setUp(kind, {
        TRANSCRIPTION_BASE_URL: provider.baseUrl,
        TRANSCRIPTION_MODEL: 'whisper-large-v3',
      });
    });
    beforeEach(() => provider.requests.splice(0));
    afterAll(async () => {
      await app?.t.close();
      await provider?.close();
    });

    it('transcribes a launched call, queues its analysis and tells the people who read it as it goes', async () => {
      const { t, liveUrl, supervisorToken, conversationOf, jobOf, addCall, launch } = app;
      const supervisor = await openLiveSocket(liveUrl, supervisorToken);
      const ownAgent = await openLiveSocket(liveUrl, await t.accessToken(demoUsers.agent.email));
      const otherAgent = await openLiveSocket(liveUrl, await t.accessToken(demoUsers.agent2.email));
      provider.answerWith(() => answer('Hello, how can I help?'));
      const id = await addCall('en');

      const launched = await launch(id);
      expect(launched.statusCode).toBe(202);
      expect(launched.json()).toMatchObject({ id, status: 'transcribing', has_audio: true });

      // Transcribed: its analysis is queued, or already done.
      await expect.poll(async () => (await conversationOf(id)).transcriptVersion, jobTimeout).toBe(1);
      expect(await conversationOf(id)).toMatchObject({
        turns: [
          {
            speaker: 'agent',
            text: 'Hello, how can I help?',
            subject: null,
            start_s: 0.5,
            end_s: 2.5,
            sent_at: null,
          },
        ],
        searchText: 'Hello, how can I help?',
        durationSeconds: 3,
        transcriptVersion: 1,
        transcription: { engine: 'openai-compatible', model: 'whisper-large-v3' },
        statusDetail: null,
      });
      expect(await jobOf(id, 'transcription')).toMatchObject({ status: 'done', attempts: 1, progress: 1 });
      // The transcript's analysis follows it in the queue (the worker may have started it already).
      expect(await jobOf(id, 'analysis')).toMatchObject({ kind: 'analysis' });

      await expect.poll(() => progressOf(supervisor, id).at(-1)?.job?.status, jobTimeout).toBe('done');
      const heard = progressOf(supervisor, id);
      expect(heard[0]).toMatchObject({
        campaign_id: demoCampaigns.customerCare.id,
        status: 'transcribing',
        job: { kind: 'transcription', status: 'queued', progress: 0, error: null },
      });
      expect(heard.map((message) => message.job?.status)).toContain('running');
      expect(heard.filter((message) => message.job?.kind === 'transcription').at(-1)).toMatchObject({
        status: 'analysing',
        status_detail: null,
        job: { progress: 1 },
      });
      await expect.poll(() => progressOf(ownAgent, id).length, jobTimeout).toBe(heard.length);
      expect(progressOf(otherAgent, id)).toEqual([]);
      for (const socket of [supervisor, ownAgent, otherAgent]) socket.socket.close();
    });

    it('retries an attempt the provider failed, and transcribes the call once', async () => {
      const { t, liveUrl, supervisorToken, conversationOf, jobOf, addCall, launch } = app;
      const supervisor = await openLiveSocket(liveUrl, supervisorToken);
      provider.answerWith((_request, index) =>
        index === 0
          ? { status: 503, body: { error: { message: 'Overloaded, try later' } } }
          : answer('Thank you for waiting.'),
      );
      const id = await addCall('en');
      await launch(id);

      await expect
        .poll(async () => (await jobOf(id, 'transcription'))?.lastError, jobTimeout)
        .toBe('The transcription provider answered 503: Overloaded, try later');
      const waiting = await jobOf(id, 'transcription');
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
      expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());
      expect(await conversationOf(id)).toMatchObject({ status: 'transcribing', transcriptVersion: 0 });
      await expect
        .poll(() => progressOf(supervisor, id).find((message) => message.job?.error)?.job, jobTimeout)
        .toMatchObject({
          status: 'queued',
          error: 'The transcription provider answered 503: Overloaded, try later',
        });

      // The backoff has passed: the retry is due, and a worker hears of it.
      await t.database.db
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.id, waiting!.id));
      await t.database.db.execute(sql`select pg_notify('jobs', 'transcription')`);
      // Transcribed: its analysis is queued, or already done.
      await expect.poll(async () => (await conversationOf(id)).transcriptVersion, jobTimeout).toBe(1);
      expect(await conversationOf(id)).toMatchObject({
        transcriptVersion: 1,
        turns: [{ text: 'Thank you for waiting.' }],
      });
      expect(await jobOf(id, 'transcription')).toMatchObject({ status: 'done', attempts: 2 });
      supervisor.socket.close();
    });

    it('ends a call whose transcription is refused as failed, with the reason, without retrying', async () => {
      const { liveUrl, supervisorToken, conversationOf, jobOf, addCall, launch } = app;
      const supervisor = await openLiveSocket(liveUrl, supervisorToken);
      provider.answerWith(() => ({
        status: 401,
        body: { error: { message: 'Incorrect API key provided' } },
      }));
      const id = await addCall('fr');
      await launch(id);

      const reason = 'The transcription provider answered 401: Incorrect API key provided';
      await expect.poll(async () => (await conversationOf(id)).status, jobTimeout).toBe('failed');
      expect(await conversationOf(id)).toMatchObject({
        statusReason: 'provider_error',
        statusDetail: reason,
        turns: [],
        transcriptVersion: 0,
      });
      expect(await jobOf(id, 'transcription')).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: reason,
      });
      expect(provider.requests).toHaveLength(1);
      await expect
        .poll(() => progressOf(supervisor, id).at(-1), jobTimeout)
        .toMatchObject({
          status: 'failed',
          status_reason: 'provider_error',
          status_detail: reason,
          job: { status: 'failed', error: reason },
        });
      supervisor.socket.close();
    });

    it('replaces the transcript of a call transcribed again, as a new version', async () => {
      const { conversationOf, addCall, launch } = app;
      provider.answerWith(() => answer('First take.'));
      const id = await addCall('en');
      await launch(id);
      await expect.poll(async () => (await conversationOf(id)).transcriptVersion, jobTimeout).toBe(1);

      provider.answerWith(() => answer('Second take.'));
      expect((await launch(id)).json()).toMatchObject({ status: 'transcribing', transcript_version: 1 });
      await expect.poll(async () => (await conversationOf(id)).transcriptVersion, jobTimeout).toBe(2);
      expect(await conversationOf(id)).toMatchObject({ turns: [{ text: 'Second take.' }] });
      await expect.poll(async () => (await conversationOf(id)).status, jobTimeout).toBe('ready');
    });

    it('says in the health check that the provider transcribes both languages', async () => {
      const health = (await app.t.app.inject({ url: '/api/health' })).json();
      expect(health.engines.transcription).toEqual({
        status: 'ok',
        detail: 'English and French by the provider (model whisper-large-v3)',
      });
    });
  });

  describe('without a transcription provider', () => {
    let app: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => (app = await setUp(kind)));
    afterAll(() => app?.t.close());

    it('ends a French call as failed with the reason: no engine for French', async () => {
      const { conversationOf, jobOf, addCall, launch } = app;
      const id = await addCall('fr');
      await launch(id);
      await expect.poll(async () => (await conversationOf(id)).status, jobTimeout).toBe('failed');
      expect(await conversationOf(id)).toMatchObject({
        statusReason: 'no_engine_for_language',
        statusDetail: 'No transcription engine for French: configure a transcription provider',
      });
      expect(await jobOf(id, 'transcription')).toMatchObject({ status: 'failed', attempts: 1 });
    });

    it('says in the health check what the local engine does and what French needs', async () => {
      const health = (await app.t.app.inject({ url: '/api/health' })).json();
      const local = (await missingPrograms(['pocketsphinx_continuous', 'ffmpeg', 'ffprobe'])).length === 0;
      expect(health.engines.transcription.status).toBe(local ? 'ok' : 'unavailable');
      expect(health.engines.transcription.detail).toMatch(local ? /French needs a provider/ : /^missing /);
    });
  });
});
