// PGlite runs each SQL text as a named prepared statement, kept for the next call of the same text: one per text,
// the least recently used closed beyond the capacity, and none kept that failed to parse or whose plan went stale.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedStatements } from '../../../server/db/pglite-statements';

describe('PGlite prepared statements', () => {
  let database: PGlite;
  beforeAll(async () => {
    database = await PGlite.create();
    await database.exec(`create table item (id int primary key, label text);
      insert into item values (1, 'one'), (2, 'two'), (3, 'three');`);
  });
  afterAll(() => database.close());

  const prepared = async () =>
    (
      await database.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by name',
      )
    ).rows.map((row) => row.statement);

  it('prepares a SQL text once and runs it with each call’s parameters', async () => {
    const run = preparedStatements(database, {});
    const sql = 'select label from item where id = $1';

    const labels = [];
    for (const id of [1, 2, 3]) labels.push((await run(sql, [id], 'object')).rows);

    expect(labels).toEqual([[{ label: 'one' }], [{ label: 'two' }], [{ label: 'three' }]]);
    expect(await prepared()).toEqual([sql]);
    await database.exec('deallocate all');
  });

  it('closes the least recently used statement beyond its capacity', async () => {
    const run = preparedStatements(database, {}, 2);
    const [first, second, third] = ['select 1 as n', 'select 2 as n', 'select 3 as n'];

    await run(first, [], 'array');
    await run(second, [], 'array');
    await run(first, [], 'array');
    await run(third, [], 'array');
    await run(first, [], 'array');

    expect((await prepared()).sort()).toEqual([first, third]);
    await database.exec('deallocate all');
  });

  it('keeps no statement that failed, and answers the next query normally', async () => {
    const run = preparedStatements(database, {});

    await expect(run('select label from missing_table', [], 'array')).rejects.toMatchObject({
      code: '42P01',
    });
    expect(await prepared()).toEqual([]);
    await expect(run('select count(*)::int as total from item', [], 'object')).resolves.toMatchObject({
      rows: [{ total: 3 }],
    });
    await database.exec('deallocate all');
  });

  it('prepares a statement again once a schema change made its plan unusable', async () => {
    const run = preparedStatements(database, {});
    const sql = 'select * from item where id = $1';
    await run(sql, [1], 'object');
    await database.exec('alter table item add column note text');

    await expect(run(sql, [1], 'object')).rejects.toMatchObject({ code: '0A000' });
    await expect(run(sql, [1], 'object')).resolves.toMatchObject({
      rows: [{ id: 1, label: 'one', note: null }],
    });
  });
});
