// The benchmarks' PostgreSQL databases: one of their own per run, so nothing they write stays behind.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A fresh database on the PostgreSQL server named by DATABASE_URL, dropped after the run. */
export async function withBenchDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `qm_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
