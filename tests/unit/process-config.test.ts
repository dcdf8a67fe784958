// The process's role and database connections in the configuration: QM_ROLE and HEALTH_PORT, the listening and read
// URLs, prepared statements and the job lease, with a start-up error naming the variable for anything wrong.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const postgres = 'postgres://qm@db.internal:5432/qm';

describe('the process role in the configuration', () => {
  it('is all by default, listening on PORT, with a 60 second job lease', () => {
    expect(loadConfig({ PORT: '4000' })).toMatchObject({ role: 'all', port: 4000, jobLeaseSeconds: 60 });
  });

  it('a web process listens on PORT; a worker on HEALTH_PORT, else PORT', () => {
    expect(loadConfig({ QM_ROLE: 'web', PORT: '4000' })).toMatchObject({ role: 'web', port: 4000 });
    expect(loadConfig({ QM_ROLE: 'worker', PORT: '4000', HEALTH_PORT: '9100' })).toMatchObject({
      role: 'worker',
      port: 9100,
    });
    expect(loadConfig({ QM_ROLE: 'worker', PORT: '4000' }).port).toBe(4000);
  });

  it('refuses an unknown role, a health port without the worker role, and JOB_WORKER', () => {
    expect(() => loadConfig({ QM_ROLE: 'api' })).toThrow(/QM_ROLE/);
    expect(() => loadConfig({ QM_ROLE: 'web', HEALTH_PORT: '9100' })).toThrow(/HEALTH_PORT .*QM_ROLE=worker/);
    expect(() => loadConfig({ HEALTH_PORT: '99999', QM_ROLE: 'worker' })).toThrow(/HEALTH_PORT/);
    expect(() => loadConfig({ JOB_WORKER: 'false' })).toThrow(/JOB_WORKER: replaced by QM_ROLE/);
    expect(() => loadConfig({ JOB_LEASE: '1' })).toThrow(/JOB_LEASE/);
  });
});

describe('the database connections in the configuration', () => {
  it('listen and read on DATABASE_URL, with prepared statements, unless told otherwise', () => {
    expect(loadConfig({ DATABASE_URL: postgres })).toMatchObject({
      databaseListenUrl: postgres,
      databaseReadUrl: undefined,
      databasePreparedStatements: true,
    });
    const pooled = loadConfig({
      DATABASE_URL: 'postgres://qm@pgbouncer:6432/qm',
      DATABASE_LISTEN_URL: postgres,
      DATABASE_READ_URL: 'postgres://qm@replica:5432/qm',
      DATABASE_PREPARED_STATEMENTS: 'false',
    });
    expect(pooled).toMatchObject({
      databaseListenUrl: postgres,
      databaseReadUrl: 'postgres://qm@replica:5432/qm',
      databasePreparedStatements: false,
    });
  });

  it('refuses a listening or read URL without DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_LISTEN_URL: postgres })).toThrow(
      /DATABASE_LISTEN_URL needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_READ_URL: postgres })).toThrow(/DATABASE_READ_URL needs DATABASE_URL/);
  });
});
