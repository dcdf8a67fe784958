// Admins disable and re-enable accounts: the disabled user's next call answers NeedsInvitation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('user status on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let agent: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, supervisor, agent] = await Promise.all([
      t.accessToken(demoUsers.admin.email),
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
    ]);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: bearer(token) });
  const setStatus = (userId: string, token: string, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${userId}`,
      headers: bearer(token),
      payload: { status },
    });

  it('lets an admin disable a user, whose next call answers NeedsInvitation, then re-enable them', async () => {
    expect((await me(agent)).statusCode).toBe(200);

    const disabled = await setStatus(demoUsers.agent.id, admin, 'disabled');
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: demoUsers.agent.id, status: 'disabled' });
    const refused = await me(agent);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ detail: 'NeedsInvitation' });
    const renewed = await t.accessToken(demoUsers.agent.email);
    expect((await me(renewed)).json()).toEqual({ detail: 'NeedsInvitation' });

    const enabled = await setStatus(demoUsers.agent.id, admin, 'active');
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ status: 'active' });
    expect((await me(agent)).statusCode).toBe(200);
  });

  it('refuses status changes from anyone but an admin, even on themselves', async () => {
    expect((await setStatus(demoUsers.agent.id, supervisor, 'disabled')).statusCode).toBe(403);
    expect((await setStatus(demoUsers.supervisor.id, supervisor, 'disabled')).statusCode).toBe(403);
    expect((await setStatus(demoUsers.agent.id, agent, 'disabled')).statusCode).toBe(403);
    expect((await me(agent)).statusCode).toBe(200);
    expect((await me(supervisor)).statusCode).toBe(200);
  });

  it('refuses an admin disabling themselves with 409', async () => {
    const response = await setStatus(demoUsers.admin.id, admin, 'disabled');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'You cannot disable or re-enable your own account' });
    expect((await me(admin)).statusCode).toBe(200);
  });

  it('never sets invited, and leaves alone users who have not accepted their invitation', async () => {
    const invalid = await setStatus(demoUsers.agent.id, admin, 'invited');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errors: [{ path: 'body.status' }] });

    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: bearer(admin),
      payload: { email: 'newcomer@demo.local', name: 'New Comer', role: 'agent' },
    });
    const { id } = invited.json() as { id: string };
    for (const status of ['active', 'disabled']) {
      const response = await setStatus(id, admin, status);
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/not accepted their invitation/);
    }
  });

  it('lets only admins change a role or a policy, so nobody promotes themselves', async () => {
    const patch = (id: string, token: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: bearer(token), payload });
    const agentToken = await t.accessToken(demoUsers.agent2.email);
    expect((await patch(demoUsers.agent2.id, agentToken, { role: 'supervisor' })).statusCode).toBe(403);
    expect(
      (await patch(demoUsers.agent2.id, agentToken, { policy: { can_create_campaign: true } })).statusCode,
    ).toBe(403);
    expect((await patch(demoUsers.agent2.id, agentToken, { name: 'Still Allowed' })).statusCode).toBe(200);

    const promoted = await patch(demoUsers.agent2.id, admin, {
      role: 'supervisor',
      policy: { can_view_usage: true },
    });
    expect(promoted.json()).toMatchObject({ role: 'supervisor', policy: { can_view_usage: true } });
    await patch(demoUsers.agent2.id, admin, { role: 'agent', policy: {} });
  });
});
