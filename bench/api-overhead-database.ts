// The database bench/api-overhead.ts measures against: the demo data and `count` conversations in the Customer
// Care campaign (with their evaluations), seeded by SQL once; a database that already holds them is reused as is,
// so repeated runs on BENCH_API_OVERHEAD_DB do not seed again.
import { and, count as countRows, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client';
import { conversations, organisations } from '../server/db/schema';
import { demoCampaigns, demoOrganisation, demoUsers, seedDemoData } from '../server/demo/data';
import type { ListCursor } from '../server/conversations/list-store';
import { deepPageCursor } from './conversation-list-cases';
import { seedConversations, seedEvaluations } from './seed-conversations';

export const campaignId = demoCampaigns.customerCare.id;

/** Creates the database `name` on the server of `adminUrl` unless it exists; answers its URL. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** The statement that finds where a deep page starts, as the list looks it up (`findListCursor`). */
export function cursorLookupQuery(db: Database, id: string) {
  return db
    .select({ startedAt: sql<string>`${conversations.startedAt}::text`, id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.campaignId, campaignId),
        eq(conversations.isTest, false),
        eq(conversations.id, id),
      ),
    );
}

/**
 * Migrates the database of `databaseUrl` and seeds what it lacks of the demo data and `count` conversations;
 * answers the cursor `deepFraction` of the way down the list.
 */
export async function prepareDatabase(
  databaseUrl: string,
  count: number,
  deepFraction: number,
): Promise<ListCursor> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const { db } = database;
    const [organisation] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, demoOrganisation.id));
    if (!organisation) await seedDemoData(db);
    const [seeded] = await db
      .select({ n: countRows() })
      .from(conversations)
      .where(eq(conversations.campaignId, campaignId));
    const missing = count - (seeded?.n ?? 0);
    if (missing > 0) {
      const startedAt = performance.now();
      await seedConversations(
        db,
        {
          campaignId,
          agentIds: [demoUsers.agent.id, demoUsers.agent2.id, demoUsers.agent3.id],
          count: missing,
        },
        (written) => process.stderr.write(`\r  seeded ${written} of ${missing} conversations`),
      );
      await seedEvaluations(db, { campaignId, validatorId: demoUsers.supervisor.id });
      console.log(`\n  seeded in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
    }
    return await deepPageCursor(db, campaignId, Math.floor(Math.max(count, seeded?.n ?? 0) * deepFraction));
  } finally {
    await database.close();
  }
}
