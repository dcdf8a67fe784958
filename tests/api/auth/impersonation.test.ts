// Token exchange: only a platform admin's session may get a token for another user, with an `act` claim.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { users } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('logging in as another user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const exchange = (cookie: string | undefined, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/token',
      cookies: cookie ? { qm_refresh: cookie } : {},
      headers: { origin: publicUrl },
      payload: body as object,
    });

  it('gives an admin a token for the user, naming the admin as actor', async () => {
    const cookie = await t.login(demoUsers.admin.email);
    const response = await exchange(cookie, { userId: demoUsers.agent.id });
    expect(response.statusCode).toBe(200);
    const { access_token: token, expires_in: expiresIn } = response.json() as {
      access_token: string;
      expires_in: number;
    };
    expect(expiresIn).toBeLessThanOrEqual(900);
    expect(decodeJwt(token)).toMatchObject({ sub: demoUsers.agent.id, act: { sub: demoUsers.admin.id } });

    const me = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ email: demoUsers.agent.email, acting_admin_id: demoUsers.admin.id });
  });

  it('does not spend the admin session', async () => {
    const cookie = await t.login(demoUsers.admin.email);
    await exchange(cookie, { userId: demoUsers.agent.id });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/token/refresh',
      cookies: { qm_refresh: cookie },
      headers: { origin: publicUrl },
    });
    expect(refresh.statusCode).toBe(200);
  });

  it('refuses anyone but an admin', async () => {
    for (const email of [demoUsers.supervisor.email, demoUsers.agent.email]) {
      const response = await exchange(await t.login(email), { userId: demoUsers.agent2.id });
      expect(response.statusCode).toBe(403);
    }
    expect((await exchange(undefined, { userId: demoUsers.agent2.id })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown user and 400 for a malformed body', async () => {
    const cookie = await t.login(demoUsers.admin.email);
    expect((await exchange(cookie, { userId: '019a0000-0000-7000-8000-00000000ffff' })).statusCode).toBe(404);
    expect((await exchange(cookie, { userId: 'not-an-id' })).statusCode).toBe(400);
    expect((await exchange(cookie, { user: demoUsers.agent.id })).statusCode).toBe(400);
  });

  it('stops honouring the token once the acting admin loses admin rights', async () => {
    const cookie = await t.login(demoUsers.admin.email);
    const token = (
      (await exchange(cookie, { userId: demoUsers.agent.id })).json() as { access_token: string }
    ).access_token;
    await t.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, demoUsers.admin.id));
    // Written straight into the database: heard through its NOTIFY, which this waits for (decision 0190).
    await t.app.context.principals.settle();
    try {
      const me = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
      expect(me.json().detail).not.toBe('NeedsInvitation');
    } finally {
      await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, demoUsers.admin.id));
    }
  });
});
