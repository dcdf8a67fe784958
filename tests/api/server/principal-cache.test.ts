// The principal cache (decision 0190): a list page reads no account or membership once they are cached, and a
// change of either, made through one app instance or straight in the database, is seen by the next request on the
// instance that made it and, once it has heard the change, on another instance of the same database.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { users } from '../../../server/db/schema';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { countQueries } from '../../fixtures/query-count';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('the principal cache on %s', (kind) => {
  /** Instance A, with the database. */
  let t: TestApp;
  /** Instance B: another app on the same database, with a cache of its own. */
  let b: FastifyInstance;
  let admin: string;
  let owner: string;
  let agent: string;
  let agent2: string;
  let supervisor2: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web' });
    b = await buildApp({ config: t.config, database: t.database });
    [admin, owner, agent, agent2, supervisor2] = await Promise.all([
      t.accessToken(demoUsers.admin.email),
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
      t.accessToken(demoUsers.agent2.email),
      t.accessToken(demoUsers.supervisor2.email),
    ]);
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  const campaign = demoCampaigns.customerCare.id;
  const list = (app: FastifyInstance, token: string) =>
    app.inject({ url: `/api/campaigns/${campaign}/conversations?limit=5`, headers: bearer(token) });
  const me = (app: FastifyInstance, token: string) =>
    app.inject({ url: '/api/users/me', headers: bearer(token) });
  const patchUser = (userId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/users/${userId}`, headers: bearer(admin), payload });
  const setMembership = (userId: string, role: string | null) =>
    t.app.inject(
      role === null
        ? { method: 'DELETE', url: `/api/campaigns/${campaign}/users/${userId}`, headers: bearer(owner) }
        : {
            method: 'POST',
            url: `/api/campaigns/${campaign}/users`,
            headers: bearer(owner),
            payload: { user_id: userId, role },
          },
    );
  /** The sentinel: B has heard every change committed before this call. */
  const bHeardEverything = () => b.context.principals.settle();

  it('answers a list page with the page query alone once the caller and their membership are cached', async () => {
    expect((await list(t.app, owner)).statusCode).toBe(200);
    const counter = countQueries(t.database);
    try {
      const response = await list(t.app, owner);
      expect(response.statusCode).toBe(200);
      expect(response.json().items.length).toBeGreaterThan(0);
      expect(counter.statements).toHaveLength(1);
      expect(counter.statements[0]).toMatch(/from "conversations"/);
    } finally {
      counter.stop();
    }
  });

  it('answers a later page with its start and the page, and a filtered page with the page alone', async () => {
    const first = (
      await t.app.inject({ url: `/api/campaigns/${campaign}/conversations?limit=1`, headers: bearer(owner) })
    ).json() as { next_start_after: string };
    const counter = countQueries(t.database);
    try {
      const next = await t.app.inject({
        url: `/api/campaigns/${campaign}/conversations?limit=1&start_after=${first.next_start_after}`,
        headers: bearer(owner),
      });
      expect(next.statusCode).toBe(200);
      expect(next.json().items).toHaveLength(1);
      expect(counter.statements).toHaveLength(2);
      counter.reset();
      const filtered = await t.app.inject({
        url: `/api/campaigns/${campaign}/conversations?limit=5&filters=${encodeURIComponent(JSON.stringify({ types: ['call'] }))}`,
        headers: bearer(owner),
      });
      expect(filtered.statusCode).toBe(200);
      expect(counter.statements).toHaveLength(1);
    } finally {
      counter.stop();
    }
  });

  it('refuses a member removed through either instance on the next request of each', async () => {
    expect((await list(t.app, agent)).statusCode).toBe(200);
    expect((await list(b, agent)).statusCode).toBe(200);

    expect((await setMembership(demoUsers.agent.id, null)).statusCode).toBe(204);
    expect((await list(t.app, agent)).statusCode).toBe(403);
    await bHeardEverything();
    expect((await list(b, agent)).statusCode).toBe(403);

    expect((await setMembership(demoUsers.agent.id, 'viewer')).statusCode).toBe(201);
    expect((await list(t.app, agent)).statusCode).toBe(200);
    await bHeardEverything();
    expect((await list(b, agent)).statusCode).toBe(200);
  });

  it('answers NeedsInvitation to a user disabled through either instance on the next request of each', async () => {
    expect((await me(t.app, agent2)).statusCode).toBe(200);
    expect((await me(b, agent2)).statusCode).toBe(200);

    expect((await patchUser(demoUsers.agent2.id, { status: 'disabled' })).statusCode).toBe(200);
    expect((await me(t.app, agent2)).json()).toEqual({ detail: 'NeedsInvitation' });
    await bHeardEverything();
    const refused = await me(b, agent2);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'NeedsInvitation' });

    expect((await patchUser(demoUsers.agent2.id, { status: 'active' })).statusCode).toBe(200);
    await bHeardEverything();
    expect((await me(b, agent2)).statusCode).toBe(200);
  });

  it('lists only their own conversations to a supervisor turned agent, on the other instance too', async () => {
    const before = await list(b, supervisor2);
    expect(before.json().items.length).toBeGreaterThan(0);

    expect((await patchUser(demoUsers.supervisor2.id, { role: 'agent' })).statusCode).toBe(200);
    await bHeardEverything();
    expect((await list(b, supervisor2)).json().items).toEqual([]);

    expect((await patchUser(demoUsers.supervisor2.id, { role: 'supervisor' })).statusCode).toBe(200);
    await bHeardEverything();
    expect((await list(b, supervisor2)).json().items).toEqual(before.json().items);
  });

  it('hears a change written straight into the database, by no route at all', async () => {
    expect((await me(b, agent2)).statusCode).toBe(200);
    const { db } = t.database;
    await db.update(users).set({ status: 'disabled' }).where(eq(users.id, demoUsers.agent2.id));
    try {
      await bHeardEverything();
      expect((await me(b, agent2)).json()).toEqual({ detail: 'NeedsInvitation' });
    } finally {
      await db.update(users).set({ status: 'active' }).where(eq(users.id, demoUsers.agent2.id));
    }
  });
});
