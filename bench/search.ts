// Measures the conversation list's free-text search at scale: a word in most conversations, one in a few percent,
// one in 0.05 %, one in none, and a word with other filters, p50/p95 through the whole request (the app in this
// process, `inject`) and through the list's store alone, with the EXPLAIN of each statement the store runs.
// The texts are dialogues of `wordsPerConversation` words (a natural, skewed vocabulary), so that each stored
// `search_vector` is as large as a real conversation's and a row-by-row check costs what it does there.
// Seeding is slow (minutes at 1M on PostgreSQL), so each engine's database is kept and reused while it holds the
// expected rows: PGlite in BENCH_SEARCH_PGLITE_DIR (default <tmp>/qm-bench-search-pglite-<rows>), PostgreSQL in the
// database of BENCH_SEARCH_DATABASE_URL (default `qm_bench_search_<rows>` on DATABASE_URL's server; skipped when
// neither is set). Prints figures and the load average; asserts nothing.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/search.ts [PGlite rows] [PostgreSQL rows] [runs]
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { ConversationFilters } from '../contract/conversations';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import {
  conversationListQuery,
  listConversations,
  searchStatements,
} from '../server/conversations/list-store';
import { openDatabase, type Database, type DatabaseHandle } from '../server/db/client';
import { conversations } from '../server/db/schema';
import { demoCampaigns, demoUsers, seedDemoData } from '../server/demo/data';
import { conversationCriteria } from '../server/domain/conversation-criteria';
import { isMainModule, type BudgetFigure, type MeasureBudget } from './budget-figure';
import { medianAndP95 } from './graph-bench';
import {
  missingWord,
  rareWord,
  seedConversations,
  seedEvaluations,
  uncommonWord,
} from './seed-conversations';

/** Words per seeded dialogue: a few minutes of a call, a long chat. */
const wordsPerConversation = 200;
/** Texts drawn per seeding statement, shared among its rows (drawing one per row makes 1M take half an hour). */
const distinctTexts = 1000;
const campaignId = demoCampaigns.customerCare.id;
const scope = { campaignId, onlyAgent: null };

interface SearchCase {
  name: string;
  filters: ConversationFilters;
}

const searchCases: SearchCase[] = [
  { name: 'word in no conversation', filters: { q: missingWord } },
  { name: 'common word', filters: { q: 'refund' } },
  { name: 'uncommon word (a few %)', filters: { q: uncommonWord } },
  { name: 'rare word (0.05 %)', filters: { q: rareWord } },
  {
    name: 'absent word + type + metadata',
    filters: { q: missingWord, types: ['email'], conversationsMetadata: { tier: ['bronze'] } },
  },
  {
    name: 'common word + type + metadata',
    filters: { q: 'invoice', types: ['email'], conversationsMetadata: { tier: ['bronze'] } },
  },
];

const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/** Calls of each case before its timed ones. */
const searchWarmups = 5;

/** The campaign's conversations: the seeded ones and the demo data's few. */
async function campaignRows(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.campaignId, campaignId), eq(conversations.isTest, false)));
  return Number(row?.count ?? 0);
}

/**
 * Seeds the demo data and `rows` dialogues into an empty database. The GIN index is built once after the rows
 * are in, as a restore would: kept up to date row by row, it would make the seed several times longer.
 */
async function seed(db: Database, rows: number) {
  const startedAt = performance.now();
  await seedDemoData(db);
  await db.execute(sql`drop index conversations_search_idx`);
  await seedConversations(
    db,
    {
      campaignId,
      agentIds: [demoUsers.agent.id, demoUsers.agent2.id, demoUsers.agent3.id],
      count: rows,
      wordsPerConversation,
      distinctTexts,
    },
    (written) => process.stderr.write(`\r  seeded ${written} conversations`),
  );
  await db.execute(sql`create index conversations_search_idx on conversations using gin (search_vector)`);
  await seedEvaluations(db, { campaignId, validatorId: demoUsers.supervisor.id });
  process.stderr.write(
    `\n  seeded ${rows} dialogues in ${((performance.now() - startedAt) / 1000).toFixed(0)} s (${load()})\n`,
  );
}

/** The kept PGlite directory, seeded with `rows` dialogues unless it already holds them. */
async function openPglite(rows: number): Promise<DatabaseHandle> {
  const dataDir =
    process.env.BENCH_SEARCH_PGLITE_DIR ?? path.join(tmpdir(), `qm-bench-search-pglite-${rows}`);
  if (existsSync(dataDir)) {
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    if ((await campaignRows(handle.db)) >= rows) return handle;
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const handle = await openDatabase({ dataDir });
  await handle.migrate();
  await seed(handle.db, rows);
  return handle;
}

/** The kept PostgreSQL database, created and seeded with `rows` dialogues unless it already holds them. */
async function openPostgres(rows: number, url: string): Promise<DatabaseHandle> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href,
  });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists) {
      const handle = await openDatabase({ databaseUrl: url });
      await handle.migrate();
      if ((await campaignRows(handle.db)) >= rows) return handle;
      await handle.close();
      await admin.query(`drop database ${name} with (force)`);
    }
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: url });
  await handle.migrate();
  await seed(handle.db, rows);
  return handle;
}

/** Prints the plan of each statement the store may run for the case. */
async function explain(db: Database, { name, filters }: SearchCase) {
  const criteria = conversationCriteria(filters, scope);
  const window = { sort: 'started_at_desc' as const, after: null, limit: 51 };
  const statements: [string, SQL][] = [
    ...searchStatements(criteria, window),
    ['walk of the date index', conversationListQuery(db, criteria, window).getSQL()],
  ];
  for (const [label, statement] of statements) {
    // Both drivers answer raw statements with their rows; the Database type leaves the result untyped.
    const { rows } = (await db.execute(sql`explain (analyze, buffers, costs off) ${statement}`)) as {
      rows: { 'QUERY PLAN': string }[];
    };
    console.log(`\n  EXPLAIN ${name}, ${label}:`);
    for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}

interface CaseFigures {
  name: string;
  http: { p50: number; p95: number };
  store: { p50: number; p95: number };
}

/** How a run reports: the command line prints figures and plans; the budget prints nothing of its own. */
interface Report {
  print: (line: string) => void;
  explainPlans: boolean;
}

const commandLine: Report = { print: (line) => console.log(line), explainPlans: true };
const quiet: Report = { print: () => {}, explainPlans: false };

/** Each case's first page through the whole request and through the store alone. */
async function measure(handle: DatabaseHandle, label: string, runs: number, { print, explainPlans }: Report) {
  const config = loadConfig({
    DATA_DIR: path.join(tmpdir(), 'qm-bench-search-app'),
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    QM_ROLE: 'web',
  });
  const app = await buildApp({ config, database: handle });
  const token = await app.context.tokens.issue(demoUsers.supervisor.id);
  const figures: CaseFigures[] = [];
  try {
    print(`\n${label}: first page of 50, ${runs} requests per case after 5 (${load()})`);
    for (const searchCase of searchCases) {
      if (explainPlans) await explain(handle.db, searchCase);
      const params = new URLSearchParams({ limit: '50', filters: JSON.stringify(searchCase.filters) });
      const url = `/api/campaigns/${campaignId}/conversations?${params}`;
      const http = await medianAndP95(
        runs,
        async () => {
          const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
          if (response.statusCode !== 200)
            throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        },
        searchWarmups,
      );
      const criteria = conversationCriteria(searchCase.filters, scope);
      const store = await medianAndP95(
        runs,
        () => listConversations(handle.db, criteria, { sort: 'started_at_desc', after: null, limit: 51 }),
        searchWarmups,
      );
      figures.push({ name: searchCase.name, http, store });
      print(
        `  ${searchCase.name.padEnd(32)} HTTP p50 ${http.p50.toFixed(1).padStart(6)} ms  p95 ${http.p95.toFixed(1).padStart(6)} ms   store p50 ${store.p50.toFixed(1).padStart(6)} ms  p95 ${store.p95.toFixed(1).padStart(6)} ms`,
      );
    }
    print(`  (${load()})`);
  } finally {
    await app.close();
  }
  return figures;
}

/** The kept PostgreSQL database's URL: BENCH_SEARCH_DATABASE_URL, or one named after the rows on DATABASE_URL's server. */
function postgresUrl(rows: number): string | undefined {
  if (process.env.BENCH_SEARCH_DATABASE_URL) return process.env.BENCH_SEARCH_DATABASE_URL;
  if (!process.env.DATABASE_URL) return undefined;
  return Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/qm_bench_search_${rows}` }).href;
}

/** Runs the cases on one engine's kept database, closing it after. */
async function onEngine(
  open: () => Promise<DatabaseHandle>,
  label: string,
  runs: number,
  report: Report,
): Promise<CaseFigures[]> {
  report.print(`\n${label}: opening the kept database (${load()})`);
  const handle = await open();
  try {
    return await measure(handle, label, runs, report);
  } finally {
    await handle.close();
  }
}

const noHit = (figures: CaseFigures[]) => figures.find(({ name }) => name === searchCases[0]?.name);
const found = (figures: CaseFigures[]) => figures.find(({ name }) => name === searchCases[1]?.name);

/** The engine's two budget figures: a word in no conversation, and a common word beside it for comparison. */
const engineBudget = (figures: CaseFigures[], engine: string, goal: number): BudgetFigure[] => [
  {
    name: `Search, word in no conversation, p95 (${engine})`,
    value: noHit(figures)?.http.p95 ?? NaN,
    unit: 'ms',
    goal,
    bound: 'at most',
  },
  {
    name: `Search, common word, p95 (${engine}; for comparison)`,
    value: found(figures)?.http.p95 ?? NaN,
    unit: 'ms',
    goal,
    bound: 'at most',
  },
];

export const measureBudget: MeasureBudget = async () => {
  const pgliteFigures = await onEngine(() => openPglite(100_000), 'PGlite, 100k', 100, quiet);
  const budget = engineBudget(pgliteFigures, 'PGlite, 100k', 50);
  const url = postgresUrl(1_000_000);
  if (url) {
    const postgresFigures = await onEngine(() => openPostgres(1_000_000, url), 'PostgreSQL, 1M', 100, quiet);
    budget.push(...engineBudget(postgresFigures, 'PostgreSQL, 1M', 30));
  }
  return budget;
};

async function main() {
  const pgliteRows = Number(process.argv[2] ?? 100_000);
  const postgresRows = Number(process.argv[3] ?? 1_000_000);
  const runs = Number(process.argv[4] ?? 100);
  console.log(`search bench (${load()})`);
  if (pgliteRows > 0)
    await onEngine(() => openPglite(pgliteRows), `PGlite, ${pgliteRows}`, runs, commandLine);
  const url = postgresUrl(postgresRows);
  if (url && postgresRows > 0) {
    await onEngine(() => openPostgres(postgresRows, url), `PostgreSQL, ${postgresRows}`, runs, commandLine);
  }
  console.log(`\ndone (${load()})`);
}

if (isMainModule(import.meta.url)) await main();
