// PGlite behaves the same on its worker thread and on the main thread: queries and their types, transactions that
// commit or roll back, NOTIFY reaching listeners, and PostgreSQL's error fields on a failed query.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { newId } from '../../../server/db/ids';
import type { PgliteThread } from '../../../server/db/pglite';
import { users } from '../../../server/db/schema';

const threads: PgliteThread[] = ['worker', 'main'];

const aUser = (email: string) => ({ id: newId(), email, name: 'Test User', role: 'agent' as const });

describe.each(threads)('PGlite on the %s thread', (pgliteThread) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ pgliteThread });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('runs queries and returns typed columns', async () => {
    const user = aUser(`${pgliteThread}-typed@example.com`);
    await database.db.insert(users).values({ ...user, policy: { can_export: true } });

    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ ...user, policy: { can_export: true }, isAdmin: false, status: 'invited' });
    expect(row?.createdAt).toBeInstanceOf(Date);
    const counted = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.id, user.id));
    expect(counted).toEqual([{ total: 1 }]);
  });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    const kept = aUser(`${pgliteThread}-kept@example.com`);
    const dropped = aUser(`${pgliteThread}-dropped@example.com`);
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(kept);
    });
    const failure = new Error('changed my mind');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values(dropped);
        throw failure;
      }),
    ).rejects.toBe(failure);

    const emails = await database.db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.id} in (${kept.id}, ${dropped.id})`);
    expect(emails).toEqual([{ email: kept.email }]);
  });

  it('runs a query made outside an open transaction once the transaction has committed', async () => {
    const user = aUser(`${pgliteThread}-waited@example.com`);
    let outside: Promise<unknown[]> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values(user);
      outside = database.db.select().from(users).where(eq(users.id, user.id));
      await tx.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id));
    });
    expect(await outside).toEqual([expect.objectContaining({ name: 'Renamed' })]);
  });

  it('delivers NOTIFY payloads to a listener until it unsubscribes', async () => {
    const received: string[] = [];
    const unlisten = await database.listen('thread_test', (payload) => received.push(payload));
    await database.db.execute(sql`select pg_notify('thread_test', 'first')`);
    await expect.poll(() => received).toEqual(['first']);

    await unlisten();
    await database.db.execute(sql`select pg_notify('thread_test', 'second')`);
    await database.db.execute(sql`select 1`);
    expect(received).toEqual(['first']);
  });

  it("rejects a unique violation with PostgreSQL's code and constraint", async () => {
    const user = { ...aUser(`${pgliteThread}-unique@example.com`), status: 'active' as const };
    await database.db.insert(users).values(user);

    const error = await database.db
      .insert(users)
      .values({ ...user, id: newId() })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).cause).toMatchObject({
      code: '23505',
      constraint: 'users_account_email_unique',
      message: expect.stringContaining('duplicate key'),
    });
    expect(await database.db.select().from(users).where(eq(users.email, user.email))).toHaveLength(1);
  });
});

describe('PGlite on the worker thread, once closed', () => {
  it('rejects queries instead of leaving them waiting', async () => {
    const database = await openDatabase({ pgliteThread: 'worker' });
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });
});
