// The users API: the current user, NeedsInvitation, profiles and who may read or change them.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { organisations, users } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('users API on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let agent: string;
  const outsiderId = newId();

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, supervisor, agent] = await Promise.all([
      t.accessToken(demoUsers.admin.email),
      t.accessToken(demoUsers.supervisor.email),
      t.accessToken(demoUsers.agent.email),
    ]);
    const otherOrganisation = newId();
    await t.database.db.insert(organisations).values({ id: otherOrganisation, name: 'Other Org' });
    await t.database.db.insert(users).values({
      id: outsiderId,
      organisationId: otherOrganisation,
      email: 'outsider@other.local',
      name: 'Out Sider',
      role: 'agent',
      status: 'active',
    });
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
  const patch = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });

  it('returns the current user with role, policy and features', async () => {
    const response = await get('/api/users/me', supervisor);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: demoUsers.supervisor.id,
      name: 'Sophie Martin',
      email: 'supervisor@demo.local',
      admin: false,
      role: 'supervisor',
      language: null,
      organisation_id: demoOrganisation.id,
      config: {
        quality_monitoring: {
          role: 'supervisor',
          policy: {
            can_view_usage: true,
            can_edit_users_access: true,
            can_create_campaign: true,
            can_view_audit_log: true,
            can_manage_security: true,
          },
        },
      },
      features: { coaching: true },
      acting_admin_id: null,
    });
    expect((await get('/api/users/me', agent)).json()).toMatchObject({
      admin: false,
      role: 'agent',
      features: { coaching: false },
    });
    expect((await get('/api/users/me', admin)).json()).toMatchObject({ admin: true });
  });

  it('answers NeedsInvitation for a valid token of a disabled user, and 401 otherwise for bad tokens', async () => {
    const token = await t.accessToken(demoUsers.agent4.email);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, demoUsers.agent4.id));
    // Written straight into the database: heard through its NOTIFY, which this waits for (decision 0190).
    await t.app.context.principals.settle();
    const disabled = await get('/api/users/me', token);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toEqual({ detail: 'NeedsInvitation' });

    const missing = await t.app.inject({ url: '/api/users/me' });
    const forged = await get('/api/users/me', `${token.slice(0, -4)}AAAA`);
    const foreignKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(demoUsers.agent.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(demoUsers.agent.id)
      .setIssuer('quality-monitoring/auth')
      .setAudience('quality-monitoring/api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('unused'));
    for (const response of [
      missing,
      forged,
      await get('/api/users/me', foreignKey),
      await get('/api/users/me', expired),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).not.toBe('NeedsInvitation');
    }
  });

  it('lets users edit their own name and language, and admins anyone', async () => {
    const own = await patch(`/api/users/${demoUsers.agent.id}`, agent, { name: 'Lucas P.', language: 'fr' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ name: 'Lucas P.', language: 'fr' });
    expect((await get('/api/users/me', agent)).json()).toMatchObject({ name: 'Lucas P.', language: 'fr' });

    expect((await patch(`/api/users/${demoUsers.agent2.id}`, agent, { name: 'Hacked' })).statusCode).toBe(
      403,
    );
    expect(
      (await patch(`/api/users/${demoUsers.agent2.id}`, supervisor, { name: 'Hacked' })).statusCode,
    ).toBe(403);
    expect((await patch(`/api/users/${outsiderId}`, supervisor, { name: 'Hacked' })).statusCode).toBe(404);
    expect(
      (await patch(`/api/users/${demoUsers.agent2.id}`, admin, { name: 'Emma D.' })).json(),
    ).toMatchObject({
      name: 'Emma D.',
    });
  });

  it('refuses fields a user may not set and empty updates', async () => {
    for (const payload of [{ admin: true }, { role: 'admin' }, {}, { name: '' }, { language: 'de' }]) {
      const response = await patch(`/api/users/${demoUsers.agent.id}`, agent, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBeTypeOf('string');
    }
  });

  it('shows users to themselves, their organisation supervisors and admins only', async () => {
    expect((await get(`/api/users/${demoUsers.agent.id}`, agent)).statusCode).toBe(200);
    expect((await get(`/api/users/${demoUsers.agent2.id}`, agent)).statusCode).toBe(403);
    expect((await get(`/api/users/${demoUsers.agent2.id}`, supervisor)).statusCode).toBe(200);
    expect((await get(`/api/users/${outsiderId}`, supervisor)).statusCode).toBe(404);
    expect((await get(`/api/users/${outsiderId}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/users/${newId()}`, admin)).statusCode).toBe(404);
  });

  it('lists every user for admins only, one keyset page at a time', async () => {
    expect((await get('/api/users', supervisor)).statusCode).toBe(403);
    const first = (await get('/api/users?limit=5', admin)).json() as {
      items: { id: string }[];
      next_start_after: string;
    };
    expect(first.items).toHaveLength(5);
    const second = (await get(`/api/users?limit=5&start_after=${first.next_start_after}`, admin)).json() as {
      items: { id: string }[];
      next_start_after: string | null;
    };
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.map((u) => u.id)).not.toContain(first.items[0]?.id);
    expect(second.next_start_after).toBeNull();
    expect((await get('/api/users?limit=0', admin)).statusCode).toBe(400);
  });

  it('searches the user list by name or email, case-insensitively, and filters it by role', async () => {
    const emails = async (query: string) =>
      ((await get(`/api/users${query}`, admin)).json() as { items: { email: string }[] }).items.map(
        (user) => user.email,
      );
    expect(await emails('?q=MARTIN')).toEqual(['supervisor@demo.local']);
    expect(await emails('?q=other.local')).toEqual(['outsider@other.local']);
    expect(await emails('?role=agent&q=agent')).toEqual([
      'agent@demo.local',
      'agent2@demo.local',
      'agent3@demo.local',
      'agent4@demo.local',
    ]);
    expect(await emails('?q=100%25')).toEqual([]);
    expect((await get('/api/users?role=admin', admin)).statusCode).toBe(400);
  });

  it("shows a user's campaign roles to them, admins and supervisors who edit users' access", async () => {
    const url = `/api/users/${demoUsers.supervisor2.id}/campaigns`;
    const roles = await get(url, supervisor);
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toEqual([
      {
        campaign_id: demoCampaigns.customerCare.id,
        campaign_name: 'Customer Care',
        organisation_id: demoOrganisation.id,
        role: 'viewer',
        policy: {},
      },
    ]);
    const own = await get(`/api/users/${demoUsers.supervisor.id}/campaigns`, supervisor);
    expect((own.json() as { campaign_name: string }[]).map((entry) => entry.campaign_name)).toEqual([
      'Customer Care',
      'Service Client',
    ]);
    expect((await get(url, admin)).statusCode).toBe(200);
    expect((await get(`/api/users/${demoUsers.agent.id}/campaigns`, agent)).statusCode).toBe(200);
    expect((await get(url, agent)).statusCode).toBe(403);
    expect((await get(`/api/users/${outsiderId}/campaigns`, supervisor)).json()).toEqual({
      detail: 'User not found',
    });
  });

  it("returns the caller's organisation", async () => {
    expect((await get('/api/users/me/organisation', agent)).json()).toMatchObject({
      id: demoOrganisation.id,
      name: 'Demo Contact Center',
    });
  });
});
