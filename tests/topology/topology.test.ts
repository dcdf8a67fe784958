// The topology as a whole, through the load balancer only: HAProxy (round robin, WebSocket upgrades passed through)
// in front of two web processes, one worker process, a PostgreSQL database and an S3-protocol bucket of the test's
// own. The processes are shared by the tests, which run in order: the start on an empty database, a live event
// across web processes, a recording uploaded through one and played through the other, the worker killed in the
// middle of 200 jobs, and a rolling restart of both web processes under a client's reads and writes.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { newId } from '../../server/db/ids';
import { conversations, jobs } from '../../server/db/schema';
import { demoCampaigns, demoOrganisation, demoUsers, seedDemoData } from '../../server/demo/data';
import { chatOf, conversationStatus, postChats } from '../fixtures/chats-over-http';
import { createPostgresDatabase } from '../fixtures/databases';
import { queueCallTranscriptions } from '../fixtures/queued-calls';
import { addCampaign } from '../fixtures/records';
import {
  startFakeTranscriptionProvider,
  verboseJson,
  type FakeTranscriptionProvider,
} from '../fixtures/fake-transcription-provider';
import { startHaproxy, type LoadBalancer } from '../fixtures/haproxy';
import { startS3Server, type S3Server } from '../fixtures/s3-server';
import {
  accessTokenOf,
  freePort,
  startServer,
  stopServer,
  type RunningServer,
} from '../fixtures/server-process';
import { missingPrograms, toneWav } from '../fixtures/speech';
import { until } from '../fixtures/until';

const campaignId = demoCampaigns.customerCare.id;
const webNames = ['web1', 'web2'] as const;
type WebName = (typeof webNames)[number];
const queuedCalls = 200;
const killAfterDone = 30;

const missing = await missingPrograms(['haproxy', 'ffmpeg', 'ffprobe']);
const skipReason = !process.env.DATABASE_URL
  ? 'DATABASE_URL is not set (no PostgreSQL to run on)'
  : missing.length > 0
    ? `${missing.join(', ')} not installed (apt-get install haproxy ffmpeg)`
    : null;
if (skipReason) console.warn(`Topology suite skipped: ${skipReason}`);

/** `job done` lines a process has logged so far. */
const jobsDone = (server: RunningServer) => server.output().split('"msg":"job done"').length - 1;

describe.skipIf(skipReason !== null)('the topology, through the load balancer', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: DatabaseHandle;
  let s3: S3Server;
  let provider: FakeTranscriptionProvider;
  let lb: LoadBalancer;
  let dataDir: string;
  const ports = {} as Record<WebName | 'worker', number>;
  const web = {} as Record<WebName, RunningServer>;
  let worker: RunningServer;
  const stopped: RunningServer[] = [];
  const jwtSecret = randomBytes(32).toString('hex');
  let supervisor: string;
  let chatIds: string[];

  const environment = () => ({
    ...s3.environment,
    DATABASE_URL: database.url,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: lb.baseUrl,
    SEED: 'false',
  });
  // Two seconds of delay: HAProxy's checks (two failed, 250 ms apart) take a draining process out before it stops
  // accepting.
  const startWeb = (name: WebName) =>
    startServer({
      dataDir: path.join(dataDir, name),
      port: ports[name],
      environment: { ...environment(), QM_ROLE: 'web', SHUTDOWN_DELAY: '2' },
    });
  const startWorker = () =>
    startServer({
      dataDir: path.join(dataDir, 'worker'),
      port: ports.worker,
      environment: {
        ...environment(),
        QM_ROLE: 'worker',
        JOB_LEASE: '5',
        TRANSCRIPTION_BASE_URL: provider.baseUrl,
        TRANSCRIPTION_CONCURRENCY: '8',
        ANALYSIS_CONCURRENCY: '4',
      },
    });
  /** A request through the load balancer, to one web process while it is up (`x-qm-backend`). */
  const request = (
    url: string,
    { via, token, ...init }: RequestInit & { via?: WebName; token?: string } = {},
  ) =>
    fetch(`${lb.baseUrl}${url}`, {
      ...init,
      headers: {
        ...(init.headers as Record<string, string>),
        ...(via ? { 'x-qm-backend': via } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  /** Until HAProxy sends `name` requests again (its check found the process ready). */
  const untilInRotation = (name: WebName) =>
    until(
      async () => (await request('/readyz', { via: name })).headers.get('x-served-by') === name,
      `${name} is back in the load balancer`,
      { timeoutMs: 20_000 },
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-topology-'));
    [database, s3, provider] = await Promise.all([
      createPostgresDatabase(),
      startS3Server(),
      startFakeTranscriptionProvider(),
    ]);
    provider.answerWith(() => ({
      status: 200,
      body: verboseJson([{ start: 0.2, end: 0.8, text: 'Transcribed once.' }]),
    }));
    for (const name of [...webNames, 'worker' as const]) ports[name] = await freePort();
    lb = await startHaproxy({ port: await freePort(), backends: { web1: ports.web1, web2: ports.web2 } });
  });
  afterAll(async () => {
    for (const server of [...Object.values(web), worker])
      if (server && server.process.exitCode === null && !server.process.killed) await stopServer(server);
    await lb?.close();
    await handle?.close();
    await database?.drop();
    await Promise.all([s3?.close(), provider?.close()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('two processes started at once on an empty database migrate it once; both web processes serve in turn', async () => {
    [web.web1, worker] = await Promise.all([startWeb('web1'), startWorker()]);
    handle = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    const journal = JSON.parse(
      await readFile(
        path.resolve(import.meta.dirname, '../../server/db/migrations/meta/_journal.json'),
        'utf8',
      ),
    ) as { entries: unknown[] };
    const applied = (await handle.db.execute(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { count: number }[] };
    expect(applied.rows[0]?.count).toBe(journal.entries.length);
    await seedDemoData(handle.db);
    web.web2 = await startWeb('web2');
    await Promise.all(webNames.map(untilInRotation));
    const servedBy = await Promise.all(
      Array.from({ length: 6 }, async () => (await request('/healthz')).headers.get('x-served-by')),
    );
    expect(new Set(servedBy)).toEqual(new Set(webNames));
    supervisor = await accessTokenOf(lb.baseUrl, demoUsers.supervisor.email);
    chatIds = await postChats(lb.baseUrl, supervisor, campaignId, ['topology-0', 'topology-1']);
  }, 90_000);

  it('a mention made through one web process reaches a WebSocket connected to the other', async () => {
    const mentioned = await accessTokenOf(lb.baseUrl, demoUsers.supervisor2.email);
    const socket = new WebSocket(
      `${lb.baseUrl.replace('http', 'ws')}/api/ws?token=${encodeURIComponent(mentioned)}`,
      { headers: { 'x-qm-backend': 'web2' } },
    );
    const received: { type: string; notification?: { kind: string } }[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as (typeof received)[number]));
    let upgradedBy: string | undefined;
    socket.once(
      'upgrade',
      (response) => (upgradedBy = response.headers['x-served-by'] as string | undefined),
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    try {
      expect(upgradedBy).toBe('web2');
      const posted = await request(`/api/conversations/${chatIds[0]}/discussion/message`, {
        via: 'web1',
        token: supervisor,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ body: 'Can you listen to this one?', mentions: [demoUsers.supervisor2.id] }),
      });
      expect(posted.status).toBe(201);
      expect(posted.headers.get('x-served-by')).toBe('web1');
      await until(() => received.some((message) => message.type === 'notification'), 'the mention arrives', {
        timeoutMs: 10_000,
      });
    } finally {
      socket.close();
    }
  });

  let audioKey: string;
  it('a call uploaded through one web process is transcribed by the worker and played, with a seek, through the other', async () => {
    const wav = toneWav({ durationSeconds: 2, spans: [[0.2, 1.8]] });
    const form = new FormData();
    form.append('campaign_id', campaignId);
    form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'call.wav');
    const uploaded = await request('/api/calls/audio', {
      via: 'web1',
      token: supervisor,
      method: 'POST',
      body: form,
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.headers.get('x-served-by')).toBe('web1');
    const { id } = (await uploaded.json()) as { id: string };
    await until(
      async () => (await conversationStatus(lb.baseUrl, supervisor, id)) === 'ready',
      'the call is ready',
      {
        timeoutMs: 30_000,
        intervalMs: 200,
      },
    );
    const row = await handle.db.query.conversations.findFirst({ where: eq(conversations.id, id) });
    expect(row?.turns).toMatchObject([{ text: 'Transcribed once.' }]);
    audioKey = row!.audioKey!;

    const playback = await request(`/api/calls/${id}/audio/download-url`, { via: 'web2', token: supervisor });
    expect(playback.status).toBe(200);
    expect(playback.headers.get('x-served-by')).toBe('web2');
    const { url } = (await playback.json()) as { url: string };
    expect(url.startsWith(`${s3.environment.S3_ENDPOINT}/`)).toBe(true);
    const seek = await fetch(url, { headers: { range: 'bytes=32000-32999' } });
    expect(seek.status).toBe(206);
    expect(seek.headers.get('content-range')).toBe(`bytes 32000-32999/${wav.length}`);
    expect(Buffer.from(await seek.arrayBuffer())).toEqual(wav.subarray(32000, 33000));
  }, 60_000);

  it(`runs ${queuedCalls} queued jobs exactly once across a kill -9 of the worker and its restart`, async () => {
    // A campaign without an evaluation grid: each call is transcribed, then analysed, and nothing more.
    const organisationId = demoOrganisation.id;
    const killCampaignId = await addCampaign(handle.db, { organisationId, name: 'Kill -9' });
    const callIds = Array.from({ length: queuedCalls }, () => newId());
    const doneBefore = jobsDone(worker);
    await queueCallTranscriptions(handle.db, {
      ids: callIds,
      campaignId: killCampaignId,
      agentId: demoUsers.agent.id,
      audioKey,
    });
    await until(() => jobsDone(worker) - doneBefore >= killAfterDone, `${killAfterDone} jobs are done`, {
      timeoutMs: 120_000,
      intervalMs: 100,
    });
    worker.process.kill('SIGKILL');
    expect(await worker.exited).toBeNull();
    stopped.push(worker);
    const doneBeforeKill = jobsDone(worker) - doneBefore;
    worker = await startWorker();

    // The 200 queued jobs are the transcriptions; each queues its call's analysis, which may still be running.
    const unfinished = () =>
      handle.db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          and(
            inArray(jobs.conversationId, callIds),
            eq(jobs.kind, 'transcription'),
            inArray(jobs.status, ['queued', 'running']),
          ),
        );
    await until(async () => (await unfinished())[0]!.count === 0, 'every transcription is done', {
      timeoutMs: 180_000,
      intervalMs: 250,
    });
    const calls = await handle.db
      .select({
        status: conversations.status,
        version: conversations.transcriptVersion,
        turns: conversations.turns,
      })
      .from(conversations)
      .where(inArray(conversations.id, callIds));
    expect(calls).toHaveLength(queuedCalls);
    for (const call of calls) {
      expect(call).toMatchObject({ version: 1, turns: [{ text: 'Transcribed once.' }] });
      expect(['analysing', 'ready']).toContain(call.status);
    }
    const callJobs = await handle.db.select().from(jobs).where(inArray(jobs.conversationId, callIds));
    const transcriptions = callJobs.filter((job) => job.kind === 'transcription');
    expect(transcriptions).toHaveLength(queuedCalls);
    for (const job of transcriptions) expect(job).toMatchObject({ status: 'done', lastError: null });
    // One analysis queued per transcript written: none for a transcription run twice.
    expect(callJobs.filter((job) => job.kind === 'analysis')).toHaveLength(queuedCalls);
    const rerun = transcriptions.filter((job) => job.attempts > 1).length;
    expect(rerun).toBeGreaterThan(0);
    console.warn(
      `topology kill: ${doneBeforeKill} jobs done before kill -9, ${rerun} transcriptions interrupted and run again`,
    );
  }, 360_000);

  it('a rolling restart of both web processes fails no request and loses no write', async () => {
    const acknowledged: string[] = [];
    const failures: string[] = [];
    let requests = 0;
    let retries = 0;
    let rolling = true;
    /** A request tried up to 3 times on 502/503/504 or a network error: each one here is safe to repeat. */
    const attempt = async (what: string, send: () => Promise<Response>) => {
      for (let tries = 1; ; tries += 1) {
        requests += 1;
        const outcome = await send().then(
          (response) => (response.ok ? 'ok' : String(response.status)),
          (error: unknown) => String(error),
        );
        if (outcome === 'ok') return true;
        if (tries === 3 || !/^(502|503|504|TypeError)/.test(outcome)) {
          failures.push(`${what}: ${outcome}`);
          return false;
        }
        retries += 1;
      }
    };
    const client = (async () => {
      for (let n = 0; rolling; n += 1) {
        const externalId = `rolling-${n}`;
        // A write with its external id is idempotent: repeated, it answers `duplicate`, so it may be retried.
        const written = await attempt(`write ${externalId}`, () =>
          request(`/api/campaigns/${campaignId}/conversations/batch`, {
            token: supervisor,
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ conversations: [chatOf(externalId)] }),
          }),
        );
        if (written) acknowledged.push(externalId);
        await attempt('read', () =>
          request(`/api/campaigns/${campaignId}/conversations`, { token: supervisor }),
        );
      }
    })();
    for (const name of webNames) {
      const old = web[name];
      old.process.kill('SIGTERM');
      expect(await old.exited).toBe(0);
      stopped.push(old);
      web[name] = await startWeb(name);
      await untilInRotation(name);
    }
    rolling = false;
    await client;
    expect(failures).toEqual([]);
    const stored = await handle.db
      .select({ externalId: conversations.externalId })
      .from(conversations)
      .where(inArray(conversations.externalId, acknowledged));
    expect(stored).toHaveLength(acknowledged.length);
    expect(acknowledged.length).toBeGreaterThan(10);
    console.warn(
      `topology rolling restart: ${acknowledged.length} writes, ${requests} requests, ${retries} retried, 0 failed`,
    );
  }, 180_000);
});
