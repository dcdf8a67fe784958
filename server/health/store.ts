// The health check's one query: whether the database answers.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
