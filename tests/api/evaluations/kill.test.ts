// Evaluations survive `kill -9`: 1,000 evaluations are queued (the demo English grid, the LLM provider for the items
// without rules, the rules for the others), the real server is killed twice while it runs them and started again,
// and every conversation ends evaluated exactly once in effect (one usage record of the run and one of its
// provider call each, though interrupted runs asked the provider again), with stored scores equal to a full
// recompute from the stored answers by the pure scoring.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { demoCampaigns } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import {
  conversations,
  evaluationGridVersions,
  evaluations,
  jobs,
  usageEvents,
} from '../../../server/db/schema';
import type { ItemValue } from '../../../server/domain/evaluation/grid';
import { scoreEvaluation } from '../../../server/domain/evaluation/scoring';
import { toDomainGrid } from '../../../server/domain/evaluation/stored-grid';
import { queueWholeEvaluation } from '../../../server/evaluations/store';
import { pipeline } from '../../../server/jobs/pipeline';
import { startFakeChatCompletions, type FakeChatCompletions } from '../../fixtures/fake-chat-completions';
import { evaluationAnswer } from '../../fixtures/fake-evaluation-model';
import { freePort, startServer, stopServer, type RunningServer } from '../../fixtures/server-process';
import { textTurn } from '../../fixtures/turns';
import { until } from '../../fixtures/until';
import { seedForModelEvaluation } from '../../fixtures/evaluation-jobs';

const conversationCount = 1000;
/** Each server is killed once this many more evaluations are done. */
const killAfterDone = [250, 300];
const campaignId = demoCampaigns.customerCare.id;

/** Openings and closings that meet some of the grid's rules and miss others, so the answers vary. */
const openings = [
  'Hello, thank you for contacting Demo Telecom, my name is Sam. How can I help?',
  'Demo Telecom, go ahead.',
  'Good morning, this is Alex.',
];
const closings = ['Is there anything else? Goodbye!', 'OK.', 'Thank you for your call, have a nice day.'];

const doneCount = (server: RunningServer) => server.output().split('"msg":"job done"').length - 1;

async function drained(server: RunningServer) {
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as {
    jobs: { evaluation: { queued: number; running: number } };
  };
  return health.jobs.evaluation.queued + health.jobs.evaluation.running === 0;
}

describe('evaluations through kill -9', () => {
  let dataDir = '';
  let provider: FakeChatCompletions | undefined;
  let database: DatabaseHandle | undefined;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) if (server.process.exitCode === null) await stopServer(server);
    await database?.close();
    await provider?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`runs ${conversationCount} queued evaluations exactly once in effect across two kill -9`, async () => {
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--if-stale', 'database']);
    dataDir = await mkdtemp(path.join(tmpdir(), 'qm-evaluation-kill-'));
    // A model that takes a little while, and holds its answers from the moment a kill is due until it has landed,
    // so that every kill lands on a run waiting for it.
    let heldAnswers: (() => void)[] | undefined;
    provider = await startFakeChatCompletions(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (heldAnswers) await new Promise<void>((release) => heldAnswers?.push(release));
      return evaluationAnswer(request, { usage: { prompt_tokens: 500, completion_tokens: 50 } });
    });

    database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await database.migrate();
    const { db } = database;
    const grid = await seedForModelEvaluation(db, campaignId);
    const ids = Array.from({ length: conversationCount }, () => newId());
    await db.transaction(async (tx) => {
      await tx.insert(conversations).values(
        ids.map((id, index) => ({
          id,
          campaignId,
          type: 'chat' as const,
          status: 'ready' as const,
          language: 'en' as const,
          startedAt: new Date(),
          turns: [
            textTurn('agent', openings[index % openings.length]!),
            textTurn('customer', `I was charged twice on invoice ${index}.`),
            textTurn('agent', index % 2 === 0 ? 'Can you give me your account number?' : 'Let me look.'),
            textTurn('customer', 'Thanks, bye.'),
            textTurn('agent', closings[index % closings.length]!),
          ],
        })),
      );
      for (const id of ids) {
        await queueWholeEvaluation(tx, id, grid, { name: 'llm', model: 'judge-model' });
        await pipeline.launchEvaluation(tx, id);
      }
    });
    await database.close();
    database = undefined;

    const port = await freePort();
    const environment = {
      EVALUATION_BASE_URL: provider.baseUrl,
      EVALUATION_MODEL: 'judge-model',
      EVALUATION_CONCURRENCY: '8',
      SEED: 'false',
    };
    let doneBeforeKills = 0;
    for (const count of killAfterDone) {
      const server = await startServer({ dataDir, port, environment });
      servers.push(server);
      await until(() => doneCount(server) >= count, `${count} evaluations are done`);
      const held: (() => void)[] = [];
      heldAnswers = held;
      await until(() => held.length > 0, 'a run waits for the model');
      server.process.kill('SIGKILL');
      expect(await server.exited).toBeNull();
      heldAnswers = undefined;
      for (const release of held) release();
      doneBeforeKills += doneCount(server);
    }
    expect(doneBeforeKills).toBeLessThan(conversationCount);
    const last = await startServer({ dataDir, port, environment });
    servers.push(last);
    await until(() => drained(last), 'the queue is drained');
    expect(await stopServer(last)).toBe(0);
    expect(last.output()).toContain('jobs interrupted by the last stop queued again');

    database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    const rows = await database.db.select().from(evaluations).where(inArray(evaluations.conversationId, ids));
    expect(rows).toHaveLength(conversationCount);
    const [version] = await database.db
      .select({ content: evaluationGridVersions.content })
      .from(evaluationGridVersions)
      .where(
        and(eq(evaluationGridVersions.gridId, grid.gridId), eq(evaluationGridVersions.version, grid.version)),
      );
    const domainGrid = toDomainGrid(version!.content);
    const mainScores = new Set<number | null>();
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'done',
        engine: 'llm',
        model: 'judge-model',
        pendingItemIds: null,
      });
      const answers = new Map(
        row.items.flatMap((item): [string, ItemValue][] =>
          item.value === null ? [] : [[item.item_id, item.value]],
        ),
      );
      const recomputed = scoreEvaluation(domainGrid, answers);
      // `main_score` is a single-precision column.
      if (recomputed.main_score === null) expect(row.mainScore).toBeNull();
      else expect(row.mainScore).toBeCloseTo(recomputed.main_score, 3);
      expect(row.autoFailed).toBe(recomputed.auto_failed);
      expect(row.sectionScores).toEqual(recomputed.section_scores);
      expect(row.additionalScores).toEqual(recomputed.additional_scores);
      const itemScores = new Map(recomputed.items.map((item) => [item.item_id, item.score]));
      for (const item of row.items) expect(item.score).toEqual(itemScores.get(item.item_id) ?? null);
      mainScores.add(row.mainScore);
    }
    // The scripts give different answers, so the recompute compares different scores.
    expect(mainScores.size).toBeGreaterThan(2);

    // Exactly once: one run and one provider call counted per conversation, every job done.
    const usage = await database.db
      .select({ conversationId: usageEvents.conversationId, kind: usageEvents.kind })
      .from(usageEvents)
      .where(inArray(usageEvents.conversationId, ids));
    for (const kind of ['evaluation', 'llm_call'] as const) {
      const counted = usage.filter((event) => event.kind === kind).map((event) => event.conversationId);
      expect(counted).toHaveLength(conversationCount);
      expect(new Set(counted).size).toBe(conversationCount);
    }
    const evaluationJobs = await database.db
      .select({ status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(and(inArray(jobs.conversationId, ids), eq(jobs.kind, 'evaluation')));
    expect(evaluationJobs).toHaveLength(conversationCount);
    for (const job of evaluationJobs) expect(job.status).toBe('done');
    // The kills interrupted runs waiting for the provider: they asked it again.
    const rerun = evaluationJobs.filter((job) => job.attempts > 1).length;
    expect(rerun).toBeGreaterThan(0);
    expect(provider.requests.length).toBeGreaterThan(conversationCount);
    console.warn(
      `evaluation kill test: ${doneBeforeKills} done before the two kills, ${rerun} interrupted and run again, ` +
        `${provider.requests.length} provider requests for ${conversationCount} conversations`,
    );
  }, 300_000);
});
