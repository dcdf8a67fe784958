// The server side of bench/conversations.ts: the real app on a fresh database (PGlite in a temporary directory, or
// a database of its own on the PostgreSQL server of DATABASE_URL), with the demo data and BENCH_SEED conversations
// seeded by SQL into the Customer Care campaign. Prints the EXPLAIN of each list case, then one JSON line with its
// port, the supervisor's token and the deep page's start; serves until SIGTERM.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/client';
import { demoCampaigns, demoUsers, seedDemoData } from '../server/demo/data';
import { conversationListQuery, searchStatements, type ListCursor } from '../server/conversations/list-store';
import { conversationCriteria } from '../server/domain/conversation-criteria';
import { deepFraction, deepPageCursor, listCases } from './conversation-list-cases';
import { seedConversations, seedEvaluations } from './seed-conversations';

const seedCount = Number(process.env.BENCH_SEED ?? 0);
const campaignId = demoCampaigns.customerCare.id;
const scope = { campaignId, onlyAgent: null };

/** Prints the plan of each statement the list runs for the case, as `listConversations` chooses them. */
async function explainListCases(db: Database, deepCursor: ListCursor) {
  for (const listCase of listCases) {
    const criteria = conversationCriteria(listCase.filters, scope);
    const window = { sort: 'started_at_desc' as const, after: listCase.deep ? deepCursor : null, limit: 51 };
    const statements: [string, SQL][] =
      criteria.search === null
        ? [['list', conversationListQuery(db, criteria, window).getSQL()]]
        : [
            ...searchStatements(criteria, window),
            [
              'walk of the date index (when the matches are many)',
              conversationListQuery(db, criteria, window).getSQL(),
            ],
          ];
    for (const [label, statement] of statements) {
      // Both drivers answer raw statements with their rows; the Database type leaves the result untyped.
      const { rows } = (await db.execute(sql`explain (analyze, buffers, costs off) ${statement}`)) as {
        rows: { 'QUERY PLAN': string }[];
      };
      console.log(`\nEXPLAIN ${listCase.name}, ${label}:`);
      for (const row of rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'qm-bench-conversations-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://127.0.0.1',
  QM_ROLE: process.env.QM_ROLE ?? 'all',
});
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.join(dataDir, 'db'),
});
await database.migrate();
await seedDemoData(database.db);
let deepStart: string | null = null;
if (seedCount > 0) {
  const startedAt = performance.now();
  await seedConversations(
    database.db,
    {
      campaignId,
      agentIds: [demoUsers.agent.id, demoUsers.agent2.id, demoUsers.agent3.id],
      count: seedCount,
    },
    (written) => process.stderr.write(`\r  seeded ${written} conversations`),
  );
  await seedEvaluations(database.db, { campaignId, validatorId: demoUsers.supervisor.id });
  console.log(
    `\nseeded ${seedCount} conversations (and their evaluations) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
  const deepCursor = await deepPageCursor(database.db, campaignId, Math.floor(seedCount * deepFraction));
  deepStart = deepCursor.id;
  await explainListCases(database.db, deepCursor);
}
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : NaN;
const token = await app.context.tokens.issue(demoUsers.supervisor.id);
console.log(JSON.stringify({ port, token, deepStart }));

process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
});
