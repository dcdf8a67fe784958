// The evaluation queue's part of bench/evaluation.ts: conversations stored in the English demo campaign of an
// on-disk PGlite database (as `npm start` runs it), their whole evaluations queued, then the job worker with the
// rules engine timed until the queue is drained, at the configured `EVALUATION_CONCURRENCY` (2 by default without
// a provider). Prints conversations/s; asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { demoCampaigns, seedDemoData } from '../server/demo/data';
import { newId } from '../server/db/ids';
import { conversations } from '../server/db/schema';
import type { RuleInputTurn } from '../server/domain/evaluation/turns';
import { findCurrentGrid } from '../server/evaluation-grids/store';
import { queueWholeEvaluation } from '../server/evaluations/store';
import { pipeline } from '../server/jobs/pipeline';
import { queueDepth } from '../server/health/store';
import { createEvaluationHandler } from '../server/jobs/handlers/evaluation';
import { createJobWorker } from '../server/jobs/worker';
import { createLiveHub } from '../server/live/hub';
import { createPreviousPeriodCounts } from '../server/reviews/previous-period-counts';
import { createLocalFileStorage } from '../server/storage/files';

const batch = 500;

export async function measureEvaluationQueue(chats: readonly RuleInputTurn[][]): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-evaluation-queue-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const { db } = database;
    await seedDemoData(db);
    const campaignId = demoCampaigns.customerCare.id;
    const grid = await findCurrentGrid(db, campaignId);
    if (!grid) throw new Error('The demo campaign has no grid');

    const queueStarted = performance.now();
    for (let start = 0; start < chats.length; start += batch) {
      const rows = chats.slice(start, start + batch).map((turns) => ({
        id: newId(),
        campaignId,
        type: 'chat' as const,
        status: 'ready' as const,
        language: 'en' as const,
        startedAt: new Date(),
        turns: turns.map((turn) => ({
          speaker: turn.speaker,
          text: turn.text,
          subject: null,
          start_s: null,
          end_s: null,
          sent_at: null,
          sentiment: null,
        })),
      }));
      await db.transaction(async (tx) => {
        await tx.insert(conversations).values(rows);
        for (const row of rows) {
          await queueWholeEvaluation(tx, row.id, grid, { name: 'rules', model: null });
          await pipeline.launchEvaluation(tx, row.id);
        }
      });
    }
    const queueSeconds = (performance.now() - queueStarted) / 1000;

    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const hub = await createLiveHub(database);
    const worker = createJobWorker({
      config,
      database,
      files: createLocalFileStorage(path.join(dataDir, 'files')),
      hub,
      log: Fastify({ logger: false }).log,
      handlers: { evaluation: createEvaluationHandler(createPreviousPeriodCounts()) },
      pollSeconds: 0.2,
    });
    const started = performance.now();
    await worker.start();
    for (;;) {
      const { evaluation } = await queueDepth(db);
      if (evaluation.queued + evaluation.running === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    await hub.close();
    console.log(
      `queue on PGlite: ${chats.length.toLocaleString('en')} conversations queued in ${queueSeconds.toFixed(1)} s, ` +
        `evaluated through the job worker (rules engine, concurrency ${config.engines.evaluation.concurrency}) ` +
        `in ${seconds.toFixed(1)} s: ${Math.round(chats.length / seconds).toLocaleString('en')} conversations/s`,
    );
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
