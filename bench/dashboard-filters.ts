// Times the home page's first call, `GET /api/dashboards/filters`, and deep keyset pages of `GET /api/campaigns`
// for a supervisor who is a member of ~5,000 campaigns (with as many other campaigns they are not in), on a fresh
// PGlite, and on PostgreSQL too when DATABASE_URL is set. Prints p50/p95; asserts nothing.
// Run: npx tsx bench/dashboard-filters.ts [campaigns] [runs]
import { demoOrganisation, demoUsers } from '../server/demo/data';
import { newId } from '../server/db/ids';
import { campaignMembers, campaigns, organisations } from '../server/db/schema';
import type { Database } from '../server/db/client';
import { testDatabaseKinds, type DatabaseKind } from '../tests/fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../tests/fixtures/test-app';

const campaignCount = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 30);
const pageSize = 50;
const batch = 500;

/** The supervisor's campaigns (the demo agent a viewer of each), and as many of another organisation. */
async function seed(db: Database) {
  const otherOrganisation = newId();
  await db.insert(organisations).values({ id: otherOrganisation, name: 'Bench elsewhere' });
  for (let start = 0; start < campaignCount; start += batch) {
    const size = Math.min(batch, campaignCount - start);
    const mine = Array.from({ length: size }, (_, i) => ({
      id: newId(),
      organisationId: demoOrganisation.id,
      name: `Bench campaign ${String(start + i).padStart(5, '0')}`,
    }));
    const others = Array.from({ length: size }, (_, i) => ({
      id: newId(),
      organisationId: otherOrganisation,
      name: `Elsewhere ${start + i}`,
    }));
    await db.insert(campaigns).values([...mine, ...others]);
    await db.insert(campaignMembers).values(
      mine.flatMap(({ id }) => [
        { campaignId: id, userId: demoUsers.supervisor.id, role: 'owner' as const },
        { campaignId: id, userId: demoUsers.agent.id, role: 'viewer' as const },
      ]),
    );
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function time(t: TestApp, url: string, token: string) {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const startedAt = performance.now();
    const response = await t.app.inject({ url, headers: bearer(token) });
    samples.push(performance.now() - startedAt);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  }
  samples.sort((a, b) => a - b);
  return `p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95)
    .toFixed(1)
    .padStart(7)} ms`;
}

/** The cursor of the page that starts after `depth` campaigns of the supervisor's list. */
async function cursorAt(t: TestApp, token: string, depth: number) {
  let cursor: string | null = null;
  for (let read = 0; read < depth; read += 200) {
    const query: string = cursor ? `&start_after=${cursor}` : '';
    const response = await t.app.inject({ url: `/api/campaigns?limit=200${query}`, headers: bearer(token) });
    cursor = (response.json() as { next_start_after: string | null }).next_start_after;
    if (!cursor) break;
  }
  return cursor;
}

async function measure(kind: DatabaseKind) {
  const t = await createTestApp(kind);
  try {
    await seed(t.database.db);
    const token = await t.accessToken(demoUsers.supervisor.email);
    console.log(
      `\n${kind}: ${campaignCount} campaigns of the supervisor + ${campaignCount} elsewhere, ${runs} runs`,
    );
    console.log(
      `  GET /api/dashboards/filters                 ${await time(t, '/api/dashboards/filters', token)}`,
    );
    console.log(
      `  GET /api/dashboards/filters?campaigns_limit=${pageSize}  ${await time(
        t,
        `/api/dashboards/filters?campaigns_limit=${pageSize}`,
        token,
      )}`,
    );
    console.log(
      `  GET /api/campaigns (first page of ${pageSize})      ${await time(t, `/api/campaigns?limit=${pageSize}`, token)}`,
    );
    const deep = await cursorAt(t, token, campaignCount - 400);
    console.log(
      `  GET /api/campaigns (page after ${campaignCount - 400})    ${await time(
        t,
        `/api/campaigns?limit=${pageSize}&start_after=${deep}`,
        token,
      )}`,
    );
  } finally {
    await t.close();
  }
}

for (const kind of testDatabaseKinds) await measure(kind);
