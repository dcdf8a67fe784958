// Each job goes back to its own kind after a crash: on PostgreSQL, where another server takes over the jobs a
// killed one held once their leases lapse, a server is killed (`kill -9`) while it holds transcription, analysis and
// evaluation jobs, their leases lapse, and the next server finishes every job with its own kind's handler,
// exactly once (none claimed by another kind's loop and failed there).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { jobKinds, type JobKind } from '../../../contract/jobs';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversations, evaluations, jobs } from '../../../server/db/schema';
import { queueWholeEvaluation } from '../../../server/evaluations/store';
import { enqueueJob } from '../../../server/jobs/queue-store';
import { createLocalFileStorage, newFileKey } from '../../../server/storage/files';
import { createPostgresDatabase } from '../../fixtures/databases';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../fixtures/fake-chat-completions';
import { evaluationAnswer } from '../../fixtures/fake-evaluation-model';
import {
  startFakeTranscriptionProvider,
  verboseJson,
  type FakeTranscriptionProvider,
} from '../../fixtures/fake-transcription-provider';
import { freePort, startServer, stopServer, type RunningServer } from '../../fixtures/server-process';
import { missingProgramsFor, toneWav } from '../../fixtures/speech';
import { textTurn } from '../../fixtures/turns';
import { until } from '../../fixtures/until';
import { seedForModelEvaluation } from '../../fixtures/evaluation-jobs';

/** Jobs of each kind, all held at once by the killed server (each kind runs this many at a time). */
const perKind = 4;
const campaignId = demoCampaigns.customerCare.id;

const missing = await missingProgramsFor('Job kinds kill test', ['ffmpeg', 'ffprobe'], 'ffmpeg');

async function jobCounts(server: RunningServer) {
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as {
    jobs: Record<JobKind, { queued: number; running: number }>;
  };
  return health.jobs;
}

describe.skipIf(!process.env.DATABASE_URL || missing.length > 0)('job kinds through kill -9', () => {
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: DatabaseHandle | undefined;
  let chat: FakeChatCompletions | undefined;
  let transcription: FakeTranscriptionProvider | undefined;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.process.exitCode === null) await stopServer(server);
    await database?.close();
    await chat?.close();
    await transcription?.close();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finishes every job a killed server held with its own kind, once its lease lapsed', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-job-kinds-kill-'));
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    // The providers hold every request until the server that sent it is dead.
    let holding = true;
    const never = new Promise<never>(() => undefined);
    chat = await startFakeChatCompletions(async (request) => {
      if (holding) return never;
      if (request.body.model === 'judge-model') return evaluationAnswer(request);
      const { turns } = JSON.parse(request.body.messages.at(-1)?.content ?? '{}') as { turns: unknown[] };
      return {
        content: JSON.stringify({
          language: 'en',
          sentiment: 'NEUTRAL',
          turn_sentiments: turns.map(() => 'NEUTRAL'),
          topics: [],
        }),
      };
    });
    transcription = await startFakeTranscriptionProvider();
    transcription.answerWith(() =>
      holding ? 'hang' : { status: 200, body: verboseJson([{ start: 0.2, end: 0.8, text: 'Transcribed.' }]) },
    );

    database = await openDatabase({ databaseUrl: created.url });
    await database.migrate();
    const { db } = database;
    const grid = await seedForModelEvaluation(db, campaignId);
    const audioKey = newFileKey('audio', 'audio/wav');
    await createLocalFileStorage(path.join(dataDir, 'files')).put(
      audioKey,
      toneWav({ durationSeconds: 1, spans: [[0.1, 0.9]] }),
    );
    const ids = Object.fromEntries(
      jobKinds.map((kind) => [kind, Array.from({ length: perKind }, () => newId())]),
    ) as Record<JobKind, string[]>;
    const chatTurns = [textTurn('agent', 'Hello, how can I help?'), textTurn('customer', 'Thanks, bye.')];
    await db.transaction(async (tx) => {
      const common = { campaignId, agentId: demoUsers.agent.id, startedAt: new Date() };
      await tx.insert(conversations).values([
        ...ids.transcription.map((id) => ({
          id,
          ...common,
          type: 'call' as const,
          status: 'transcribing' as const,
          audioKey,
          audioMediaType: 'audio/wav',
        })),
        ...ids.analysis.map((id) => ({
          id,
          ...common,
          type: 'chat' as const,
          status: 'analysing' as const,
          turns: chatTurns,
        })),
        ...ids.evaluation.map((id) => ({
          id,
          ...common,
          type: 'chat' as const,
          status: 'ready' as const,
          language: 'en' as const,
          turns: chatTurns,
        })),
      ]);
      for (const id of ids.transcription) await enqueueJob(tx, { kind: 'transcription', conversationId: id });
      for (const id of ids.analysis) await enqueueJob(tx, { kind: 'analysis', conversationId: id });
      for (const id of ids.evaluation) {
        await queueWholeEvaluation(tx, id, grid, { name: 'llm', model: 'judge-model' });
        await enqueueJob(tx, { kind: 'evaluation', conversationId: id });
      }
    });

    const port = await freePort();
    const environment = {
      DATABASE_URL: created.url,
      SEED: 'false',
      TRANSCRIPTION_BASE_URL: transcription.baseUrl,
      TRANSCRIPTION_CONCURRENCY: String(perKind),
      ANALYSIS_BASE_URL: chat.baseUrl,
      ANALYSIS_MODEL: 'analyst',
      ANALYSIS_CONCURRENCY: String(perKind),
      EVALUATION_BASE_URL: chat.baseUrl,
      EVALUATION_MODEL: 'judge-model',
      EVALUATION_CONCURRENCY: String(perKind),
    };
    const first = await startServer({ dataDir, port, environment });
    servers.push(first);
    await until(async () => {
      const counts = await jobCounts(first);
      return jobKinds.every((kind) => counts[kind].running === perKind);
    }, 'the server holds the jobs of every kind');
    first.process.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    const leased = await db.select().from(jobs).where(eq(jobs.status, 'running'));
    expect(leased.map((job) => job.kind).sort()).toEqual(
      jobKinds.flatMap((kind) => Array<JobKind>(perKind).fill(kind)).sort(),
    );
    // Their leases lapse now rather than in a minute, and the kinds take turns in the order of claims (oldest
    // first), so that whichever kind's loop asks first would find other kinds' jobs first if it could take them.
    const byKind = jobKinds.map((kind) => leased.filter((job) => job.kind === kind));
    const interleaved = leased.map((_, n) => byKind[n % jobKinds.length]![Math.floor(n / jobKinds.length)]!);
    for (const [position, job] of interleaved.entries()) {
      await db
        .update(jobs)
        .set({
          leaseExpiresAt: sql`now() - interval '1 second'`,
          runAt: sql`now() - make_interval(secs => ${interleaved.length - position})`,
        })
        .where(eq(jobs.id, job.id));
    }

    holding = false;
    const second = await startServer({ dataDir, port, environment });
    servers.push(second);
    await until(async () => {
      const counts = await jobCounts(second);
      return jobKinds.every((kind) => counts[kind].queued + counts[kind].running === 0);
    }, 'every job is finished');
    expect(await stopServer(second)).toBe(0);
    expect(second.output()).not.toContain('job failed');

    const everyId = jobKinds.flatMap((kind) => ids[kind]);
    const allJobs = await db.select().from(jobs).where(inArray(jobs.conversationId, everyId));
    for (const job of allJobs) expect(job).toMatchObject({ status: 'done', lastError: null });
    for (const job of leased) {
      expect(allJobs.find(({ id }) => id === job.id)).toMatchObject({ kind: job.kind, attempts: 2 });
    }
    const rows = await db
      .select({
        id: conversations.id,
        status: conversations.status,
        version: conversations.transcriptVersion,
      })
      .from(conversations)
      .where(inArray(conversations.id, everyId));
    for (const row of rows) expect(row.status).toBe('ready');
    for (const id of ids.transcription) expect(rows.find((row) => row.id === id)?.version).toBe(1);
    const evaluated = await db
      .select({ conversationId: evaluations.conversationId })
      .from(evaluations)
      .where(inArray(evaluations.conversationId, ids.evaluation));
    expect(evaluated.map((row) => row.conversationId).sort()).toEqual([...ids.evaluation].sort());
  }, 300_000);
});
