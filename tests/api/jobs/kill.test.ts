// The job queue survives `kill -9`: 200 transcriptions are queued, the real server is killed in the middle of
// them and started again, and every job ends done with its effect applied exactly once (each call's transcript
// written once: transcript version 1), though the calls that were running when it died were transcribed twice.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobKind } from '../../../contract/jobs';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { conversations, jobs } from '../../../server/db/schema';
import { createJobHandlers } from '../../../server/jobs/handlers/index';
import { createPreviousPeriodCounts } from '../../../server/reviews/previous-period-counts';
import { createLocalFileStorage, newFileKey } from '../../../server/storage/files';
import { newId } from '../../../server/db/ids';
import { missingProgramsFor, toneWav } from '../../fixtures/speech';
import {
  startFakeTranscriptionProvider,
  verboseJson,
  type FakeTranscriptionProvider,
} from '../../fixtures/fake-transcription-provider';
import { addCampaign, addOrganisation, addUser } from '../../fixtures/records';
import { queueCallTranscriptions } from '../../fixtures/queued-calls';
import { freePort, startServer, stopServer, type RunningServer } from '../../fixtures/server-process';
import { until } from '../../fixtures/until';

const callCount = 200;
const killAfterDone = 60;

const missing = await missingProgramsFor('Job kill test', ['ffmpeg', 'ffprobe'], 'ffmpeg');

/** The job kinds the server runs (the others stay queued for a server that has their handler). */
const servedKinds = Object.keys(
  createJobHandlers({
    transcription: { local: null, provider: null, decoder: false },
    previousPeriodCounts: createPreviousPeriodCounts(),
  }),
) as JobKind[];

const doneCount = (server: RunningServer) => server.output().split('"msg":"job done"').length - 1;

/** Whether the server's queue has nothing left of the kinds it runs. */
async function drained(server: RunningServer) {
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as {
    jobs: Record<JobKind, { queued: number; running: number }>;
  };
  return servedKinds.every((kind) => health.jobs[kind].queued + health.jobs[kind].running === 0);
}

describe.skipIf(missing.length > 0)('jobs through kill -9', () => {
  let dataDir = '';
  let provider: FakeTranscriptionProvider | undefined;
  let database: DatabaseHandle | undefined;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers)
      if (server.process.exitCode === null && !server.process.killed) await stopServer(server);
    await database?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`runs ${callCount} queued transcriptions exactly once in effect across a kill -9 and a restart`, async () => {
    // A new data directory is a copy of the empty one `npm start` builds, instead of seconds of initdb.
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--if-stale', 'database']);
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-jobs-kill-'));
    provider = await startFakeTranscriptionProvider();
    provider.answerWith(() => ({
      status: 200,
      body: verboseJson([{ start: 0.2, end: 0.8, text: 'Transcribed once.' }]),
    }));

    // The calls (sharing one recording) and their jobs are written before the server owns the data directory.
    database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await database.migrate();
    const { db } = database;
    const organisationId = await addOrganisation(db, 'Kill Test');
    const agentId = await addUser(db, { organisationId, email: 'agent@kill.test', role: 'agent' });
    const campaignId = await addCampaign(db, { organisationId, name: 'Kill Test' });
    const audioKey = newFileKey('audio', 'audio/wav');
    await createLocalFileStorage(path.join(dataDir, 'files')).put(
      audioKey,
      toneWav({ durationSeconds: 1, spans: [[0.1, 0.9]] }),
    );
    const callIds = Array.from({ length: callCount }, () => newId());
    await queueCallTranscriptions(db, { ids: callIds, campaignId, agentId, audioKey });
    await database.close();
    database = undefined;

    const port = await freePort();
    // Eight calls at a time: the work is the provider's and ffmpeg's, each process waiting for the other.
    const environment = {
      TRANSCRIPTION_BASE_URL: provider.baseUrl,
      TRANSCRIPTION_CONCURRENCY: '8',
      SEED: 'false',
    };
    const first = await startServer({ dataDir, port, environment });
    servers.push(first);
    await until(() => doneCount(first) >= killAfterDone, `${killAfterDone} jobs are done`, {
      timeoutMs: 150_000,
      intervalMs: 100,
    });
    first.process.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    const doneBeforeKill = doneCount(first);
    expect(doneBeforeKill).toBeLessThan(callCount);

    const second = await startServer({ dataDir, port, environment });
    servers.push(second);
    await until(() => drained(second), 'the queue is drained', { timeoutMs: 150_000, intervalMs: 100 });
    expect(await stopServer(second)).toBe(0);
    expect(second.output()).toContain('jobs interrupted by the last stop queued again');

    database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const calls = await database.db
      .select({
        status: conversations.status,
        version: conversations.transcriptVersion,
        turns: conversations.turns,
      })
      .from(conversations)
      .where(inArray(conversations.id, callIds));
    expect(calls).toHaveLength(callCount);
    const settled = servedKinds.includes('analysis') ? 'ready' : 'analysing';
    for (const call of calls) {
      expect(call).toMatchObject({ status: settled, version: 1, turns: [{ text: 'Transcribed once.' }] });
    }
    const allJobs = await database.db.select().from(jobs).where(inArray(jobs.conversationId, callIds));
    const transcriptions = allJobs.filter((job) => job.kind === 'transcription');
    expect(transcriptions).toHaveLength(callCount);
    for (const job of allJobs.filter((job) => servedKinds.includes(job.kind)))
      expect(job).toMatchObject({ status: 'done', lastError: null });
    // One analysis queued per transcript, whether its handler runs here or not.
    expect(allJobs.filter((job) => job.kind === 'analysis')).toHaveLength(callCount);

    // The kill interrupted jobs in flight: they ran again, and wrote their transcript once all the same.
    const rerun = transcriptions.filter((job) => job.attempts > 1).length;
    expect(rerun).toBeGreaterThan(0);
    expect(provider.requests.length).toBeGreaterThanOrEqual(callCount);
    console.warn(
      `kill test: ${doneBeforeKill} jobs done before kill -9, ${rerun} interrupted and run again, ` +
        `${provider.requests.length} provider requests for ${callCount} calls`,
    );
  }, 400_000);
});
