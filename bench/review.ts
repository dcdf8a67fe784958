// The review queue's figures (issue 21) on PostgreSQL with 1M conversations in one campaign (with their
// evaluations): sampling an evaluated conversation against the campaign's rules (per agent and week, a percent,
// all), a rule's period pass over a closed week, and the queue's page over HTTP at 100k assignments beside its bare
// SQL. The seeded database is kept (BENCH_REVIEW_DB, `qm_bench_review` by default) and reused; the rules and the
// assignments this bench writes are put back as they were. Asserts nothing; numbers are noisy on a shared machine.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/review.ts [conversations] [runs]
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, gt, sql, TransactionRollbackError } from 'drizzle-orm';
import { request } from 'undici';
import type { ReviewRulesInput } from '../contract/reviews';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { conversations, evaluations, queueOrder, reviewAssignments, reviewRules } from '../server/db/schema';
import { demoOrganisation, demoUsers } from '../server/demo/data';
import { listAssignments } from '../server/reviews/assignments-store';
import { passRule } from '../server/reviews/period-pass';
import { listReviewRules } from '../server/reviews/rules-store';
import { writeReviewRules } from '../server/reviews/rules-service';
import { sampleEvaluatedConversation } from '../server/reviews/sampling-service';
import { campaignId, ensureDatabase, prepareDatabase } from './api-overhead-database';
import { medianAndP95 } from './graph-bench';

const conversationCount = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 200);
const queueSize = 100_000;
const week = 7 * 24 * 3600 * 1000;

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (its database is only used to create ours)');

const ms = (value: number) => `${value.toFixed(2)} ms`;
const figures = ({ p50, p95 }: { p50: number; p95: number }) => `p50 ${ms(p50)}, p95 ${ms(p95)}`;

const rules: ReviewRulesInput = [
  {
    name: 'Low scores, five per agent a week',
    enabled: true,
    filters: { score: { max: 60 } },
    quota: { per_agent: 5, period: 'week' },
    reviewers: [demoUsers.supervisor.id],
    due_in_days: 7,
  },
  {
    name: 'A twentieth of the chats',
    enabled: true,
    filters: { types: ['chat'] },
    quota: { percent: 5 },
    reviewers: [demoUsers.supervisor.id],
    due_in_days: 7,
  },
  {
    name: 'Every failed call',
    enabled: true,
    filters: { types: ['call'], score: { max: 10 } },
    quota: { all: true },
    reviewers: [demoUsers.supervisor.id],
    due_in_days: 7,
  },
];

/** `run` in a transaction that is always rolled back, so a sampling leaves nothing behind. */
async function rolledBack(db: Database, run: (tx: Database) => Promise<void>) {
  try {
    await db.transaction(async (tx) => {
      await run(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

/** `queueSize` pending assignments given by hand to the supervisor, due over the next 60 days (some overdue). */
async function seedQueue(db: Database) {
  await db.execute(sql`
    insert into review_assignments (id, campaign_id, conversation_id, reviewer_id, status, due_at, created_at)
    select gen_random_uuid(), c.campaign_id, c.id, ${demoUsers.supervisor.id}::uuid, 'pending',
      now() + (random() * 60 - 5) * interval '1 day', now()
    from conversations c
    where c.campaign_id = ${campaignId}::uuid and c.agent_id is distinct from ${demoUsers.supervisor.id}::uuid
    limit ${queueSize}`);
  await db.execute(sql`analyze review_assignments`);
}

async function timeHttp(url: string, token: string) {
  return medianAndP95(
    runs,
    async () => {
      const response = await request(url, { headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      await response.body.arrayBuffer();
    },
    20,
  );
}

const databaseUrl = await ensureDatabase(adminUrl, process.env.BENCH_REVIEW_DB ?? 'qm_bench_review');
await prepareDatabase(databaseUrl, conversationCount, 0.8);
const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-review-'));
const database = await openDatabase({ databaseUrl });
const config = loadConfig({
  ...process.env,
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://127.0.0.1',
  QM_ROLE: 'web',
});
const app = await buildApp({ config, database });
const { db, hub } = app.context;
try {
  console.log(
    `Review queue at ${conversationCount.toLocaleString('en')} conversations, ${runs} runs; ` +
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
  await db.delete(reviewRules).where(eq(reviewRules.campaignId, campaignId));
  await writeReviewRules(db, { id: campaignId, organisationId: demoOrganisation.id }, rules);

  const evaluated = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(evaluations, eq(evaluations.conversationId, conversations.id))
    .where(
      and(eq(conversations.campaignId, campaignId), gt(conversations.startedAt, new Date(Date.now() - week))),
    )
    .orderBy(sql`random()`)
    .limit(runs);
  const ids = evaluated.map((row) => row.id);
  let next = 0;
  const sampling = await medianAndP95(
    ids.length,
    () =>
      rolledBack(db, (tx) =>
        sampleEvaluatedConversation(tx, app.context, ids[next++ % ids.length] as string),
      ),
    0,
  );
  console.log(`  sampling one evaluated conversation against ${rules.length} rules: ${figures(sampling)}`);

  const [perAgent] = (await listReviewRules(db, campaignId)).filter((rule) => 'per_agent' in rule.quota);
  if (!perAgent) throw new Error('The per-agent rule was not written');
  // Each pass opens a later week than the one before, so each has a closed week to refill.
  const backdated = { ...perAgent, createdAt: new Date(Date.now() - 60 * week) };
  const passes: number[] = [];
  let refilled = 0;
  for (let weeksAgo = 20; weeksAgo > 0; weeksAgo -= 1) {
    const startedAt = performance.now();
    const outcome = await passRule(db, hub, backdated, new Date(Date.now() - weeksAgo * week));
    passes.push(performance.now() - startedAt);
    refilled += outcome?.refilled ?? 0;
  }
  passes.sort((a, b) => a - b);
  console.log(
    `  period pass of the per-agent rule over a closed week (${passes.length} weeks, ${refilled} picks): ` +
      `p50 ${ms(passes[Math.floor(passes.length / 2)] ?? NaN)}, max ${ms(passes.at(-1) ?? NaN)}`,
  );
  await db.delete(reviewRules).where(eq(reviewRules.campaignId, campaignId));

  await seedQueue(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : NaN;
  const token = await app.context.tokens.issue(demoUsers.supervisor.id);
  const queueUrl = `http://127.0.0.1:${port}/api/reviews/assignments?reviewer=me&status=pending&limit=50`;
  const filter = { reviewerId: demoUsers.supervisor.id, status: 'pending' as const };
  const bare = await medianAndP95(runs, () => listAssignments(db, filter, { limit: 50 }), 20);
  const { rows } = await listAssignments(db, filter, { limit: 50 });
  console.log(`  queue's first page, bare SQL: ${figures(bare)}`);
  console.log(`  queue's first page over HTTP: ${figures(await timeHttp(queueUrl, token))}`);
  const [deep] = await db
    .select({ id: reviewAssignments.id })
    .from(reviewAssignments)
    .where(eq(reviewAssignments.reviewerId, demoUsers.supervisor.id))
    .orderBy(asc(queueOrder(reviewAssignments.dueAt)), asc(reviewAssignments.id))
    .offset(Math.floor(queueSize * 0.8))
    .limit(1);
  const deepId = deep?.id ?? rows.at(-1)?.assignment.id;
  const deepBare = await medianAndP95(
    runs,
    () => listAssignments(db, filter, { startAfter: deepId, limit: 50 }),
    20,
  );
  console.log(`  queue's page 80 % in, bare SQL: ${figures(deepBare)}`);
  console.log(
    `  queue's page 80 % in over HTTP: ${figures(await timeHttp(`${queueUrl}&start_after=${deepId}`, token))}`,
  );
} finally {
  await db.delete(reviewAssignments).where(eq(reviewAssignments.campaignId, campaignId));
  await db.delete(reviewRules).where(eq(reviewRules.campaignId, campaignId));
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
