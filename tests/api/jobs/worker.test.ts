// The job worker's own rules, on a real database with the real transcription handler and a provider that keeps
// requests waiting: how many jobs of a kind run at once, what stopping does to a running job, an attempt that
// lost its job, and a job that never gets through.
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import type { DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../../../server/demo/data';
import { conversations, jobs } from '../../../server/db/schema';
import { detectTranscriptionEngines } from '../../../server/engines/transcription/availability';
import { createJobHandlers } from '../../../server/jobs/handlers/index';
import { enqueueJob } from '../../../server/jobs/queue-store';
import { createJobWorker, type JobWorker } from '../../../server/jobs/worker';
import { createLiveHub, type LiveHub } from '../../../server/live/hub';
import { createPreviousPeriodCounts } from '../../../server/reviews/previous-period-counts';
import { createLocalFileStorage, type FileStorage } from '../../../server/storage/files';
import { missingProgramsFor, toneWav } from '../../fixtures/speech';
import { openTestDatabase, testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeTranscriptionProvider,
  type FakeTranscriptionProvider,
} from '../../fixtures/fake-transcription-provider';
import { addAudioCall } from '../../fixtures/records';

const missing = await missingProgramsFor('Job worker tests', ['ffmpeg', 'ffprobe'], 'ffmpeg');

const poll = { timeout: 20_000, interval: 50 };

describe.skipIf(missing.length > 0).each(testDatabaseKinds)('job worker on %s', (kind) => {
  let database: DatabaseHandle;
  let hub: LiveHub;
  let files: FileStorage;
  let filesDir: string;
  let provider: FakeTranscriptionProvider;
  let worker: JobWorker | undefined;

  const startWorker = async (options: { leaseSeconds?: number } = {}) => {
    const config = loadConfig({ TRANSCRIPTION_BASE_URL: provider.baseUrl, TRANSCRIPTION_CONCURRENCY: '2' });
    const { engines } = await detectTranscriptionEngines(config);
    worker = createJobWorker({
      config,
      database,
      files,
      hub,
      log: Fastify().log,
      handlers: createJobHandlers({
        transcription: engines,
        previousPeriodCounts: createPreviousPeriodCounts(),
      }),
      stopGraceMs: 300,
      ...options,
    });
    await worker.start();
  };
  const queueCall = async () => {
    const conversationId = await addAudioCall(database.db, files, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      language: 'en',
      audio: toneWav({ durationSeconds: 1, spans: [[0.1, 0.9]] }),
    });
    await enqueueJob(database.db, { kind: 'transcription', conversationId });
    return conversationId;
  };
  const jobOf = async (conversationId: string) => {
    const [job] = await database.db.select().from(jobs).where(eq(jobs.conversationId, conversationId));
    return job;
  };
  const conversationOf = async (id: string) => {
    const [row] = await database.db.select().from(conversations).where(eq(conversations.id, id));
    return row;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await seedDemoData(database.db);
    hub = await createLiveHub(database);
    filesDir = await mkdtemp(path.join(tmpdir(), 'qm-worker-'));
    files = createLocalFileStorage(filesDir);
    provider = await startFakeTranscriptionProvider();
    // Every request waits: the jobs stay running for as long as a test needs.
    provider.answerWith(() => 'hang');
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await database.db.delete(jobs);
    provider.requests.splice(0);
  });
  afterAll(async () => {
    await provider.close();
    await hub.close();
    await database.close();
    await rm(filesDir, { recursive: true, force: true });
  });

  it('runs as many jobs of a kind at once as configured, and the others wait their turn', async () => {
    const calls = [await queueCall(), await queueCall(), await queueCall()];
    await startWorker();
    await expect.poll(() => provider.requests.length, poll).toBe(2);
    // A job of another kind queued after: the worker looks at the queue again, transcriptions first, and runs it.
    const sentinel = await addAudioCall(database.db, files, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      language: 'en',
      audio: toneWav({ durationSeconds: 1, spans: [[0.1, 0.9]] }),
    });
    await enqueueJob(database.db, { kind: 'analysis', conversationId: sentinel });
    await expect.poll(async () => (await jobOf(sentinel))?.status, poll).toBe('done');
    expect(provider.requests).toHaveLength(2);
    const states = await Promise.all(calls.map(async (id) => (await jobOf(id))?.status));
    expect(states.sort()).toEqual(['queued', 'running', 'running']);
  });

  it('gives a running job back to the queue when it stops, without counting it as a failure', async () => {
    const abandoned = provider.abandoned();
    const call = await queueCall();
    await startWorker();
    await expect.poll(() => provider.requests.length, poll).toBe(1);
    await worker!.stop();
    await expect.poll(() => provider.abandoned(), poll).toBe(abandoned + 1);
    expect(await jobOf(call)).toMatchObject({
      status: 'queued',
      attempts: 1,
      leaseExpiresAt: null,
      lastError: null,
    });
    expect(await conversationOf(call)).toMatchObject({ status: 'transcribing', statusDetail: null });
  });

  it('stops an attempt whose job was taken over, leaving the job to the attempt that holds it', async () => {
    const abandoned = provider.abandoned();
    const call = await queueCall();
    await startWorker({ leaseSeconds: 1 });
    await expect.poll(() => provider.requests.length, poll).toBe(1);
    // Another worker claims it, as it would once this one's lease lapsed.
    const { id } = (await jobOf(call))!;
    await database.db
      .update(jobs)
      .set({ attempts: sql`${jobs.attempts} + 1` })
      .where(eq(jobs.id, id));
    // This attempt notices at its next lease renewal (a third of the lease), stops its request and lets go.
    await expect.poll(() => provider.abandoned(), poll).toBe(abandoned + 1);
    expect(await jobOf(call)).toMatchObject({ status: 'running', attempts: 2, lastError: null });
    expect(await conversationOf(call)).toMatchObject({ status: 'transcribing' });
  });

  it('fails a job that has been interrupted as many times as it may be attempted', async () => {
    const call = await queueCall();
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 5, leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.conversationId, call));
    await startWorker();
    await expect.poll(async () => (await jobOf(call))?.status, poll).toBe('failed');
    const reason = 'The job was interrupted 5 times without finishing';
    expect(await jobOf(call)).toMatchObject({ attempts: 6, lastError: reason });
    expect(await conversationOf(call)).toMatchObject({
      status: 'failed',
      statusReason: 'interrupted',
      statusDetail: reason,
    });
    expect(provider.requests).toEqual([]);
  });
});
