// The PostgreSQL pool's size comes from DATABASE_POOL_SIZE (20 by default): queries sent at once use that many
// connections at most, and the pool opens that many when that many queries wait.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePoolSize, loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { createPostgresDatabase } from '../../fixtures/databases';

describe('DATABASE_POOL_SIZE', () => {
  it('is 20 by default, read as a positive count', () => {
    expect(loadConfig({}).databasePoolSize).toBe(20);
    expect(databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '5' }).databasePoolSize).toBe(5);
    for (const wrong of ['0', '-1', 'many', '2.5']) {
      expect(() => loadConfig({ DATABASE_POOL_SIZE: wrong })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  beforeAll(async () => {
    created = await createPostgresDatabase();
  });
  afterAll(() => created.drop());

  /** The distinct server processes that answered `count` queries sent at once. */
  async function connectionsFor(poolSize: number | undefined, count: number): Promise<number> {
    const database = await openDatabase({ databaseUrl: created.url, poolSize });
    try {
      const answers = await Promise.all(
        Array.from({ length: count }, () => database.db.execute(sql`select pg_backend_pid() as pid`)),
      );
      return new Set(answers.map((answer) => (answer as unknown as { rows: { pid: number }[] }).rows[0]!.pid))
        .size;
    } finally {
      await database.close();
    }
  }

  it('opens at most DATABASE_POOL_SIZE connections, and that many when as many queries wait', async () => {
    expect(await connectionsFor(2, 10)).toBe(2);
    expect(await connectionsFor(undefined, databasePoolSize + 5)).toBe(databasePoolSize);
  });
});
