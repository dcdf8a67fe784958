// API keys (`/organisations/{id}/api-keys` and `Authorization: Bearer qm_…`): created and revoked by admins and
// supervisors with can_manage_security, the secret answered once and stored hashed; a key reaches the routes its
// scopes cover in its organisation and nothing else (403 naming the scope), is refused once revoked or expired,
// is rate limited per key (429 with Retry-After), and every use of a write scope is in the audit log.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '../../../contract/api-keys';
import type { AuditLogPage } from '../../../contract/audit-log';
import { apiKeys } from '../../../server/db/schema';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

// Above the requests of the longest test with one key.
const rateLimit = 12;

describe.each(testDatabaseKinds)('API keys on %s', (kind) => {
  let t: TestApp;
  let tokens: Record<'admin' | 'supervisor' | 'supervisor2' | 'agent' | 'other', string>;
  let otherOrganisation: string;
  let otherCampaign: string;

  const keysUrl = (organisationId = demoOrganisation.id) => `/api/organisations/${organisationId}/api-keys`;
  const create = async (token: string, payload: object, organisationId?: string) =>
    t.app.inject({ method: 'POST', url: keysUrl(organisationId), headers: bearer(token), payload });
  const newKey = async (scopes: string[], extra: object = {}) => {
    const response = await create(tokens.supervisor, { name: `Key ${scopes.join(' ')}`, scopes, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CreatedApiKey>();
  };
  const withKey = (key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(kind, { API_KEY_RATE_LIMIT: String(rateLimit) });
    const { db } = t.database;
    otherOrganisation = await addOrganisation(db, 'Keys Elsewhere');
    const otherUser = await addUser(db, {
      organisationId: otherOrganisation,
      email: 'security@keys-elsewhere.test',
      policy: { can_manage_security: true },
    });
    otherCampaign = await addCampaign(db, {
      organisationId: otherOrganisation,
      name: 'Elsewhere',
      members: [{ userId: otherUser, role: 'owner' }],
    });
    tokens = {
      admin: await t.accessToken(demoUsers.admin.email),
      supervisor: await t.accessToken(demoUsers.supervisor.email),
      supervisor2: await t.accessToken(demoUsers.supervisor2.email),
      agent: await t.accessToken(demoUsers.agent.email),
      other: await t.accessToken('security@keys-elsewhere.test'),
    };
  });
  afterAll(() => t?.close());

  it('answers the key once, stores only its hash, and lists it without the secret', async () => {
    const created = await newKey(['conversations:read'], {
      expires_at: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(created.key).toMatch(/^qm_[\w-]{43}$/);
    expect(created.api_key).toMatchObject({
      name: 'Key conversations:read',
      scopes: ['conversations:read'],
      prefix: created.key.slice(0, 9),
      created_by: { id: demoUsers.supervisor.id, name: demoUsers.supervisor.name },
      last_used_at: null,
      revoked_at: null,
    });
    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.api_key.id));
    expect(stored?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const listed = await t.app.inject({ method: 'GET', url: keysUrl(), headers: bearer(tokens.supervisor) });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(created.key);
    expect(listed.json<ApiKeyList>().items.map((key) => key.id)).toContain(created.api_key.id);
  });

  it('is managed by admins and supervisors with can_manage_security, in their own organisation', async () => {
    const payload = { name: 'Refused', scopes: ['dashboards:read'] };
    expect((await create(tokens.agent, payload)).statusCode).toBe(403);
    expect((await create(tokens.supervisor2, payload)).statusCode).toBe(403);
    expect((await create(tokens.other, payload)).statusCode).toBe(404);
    expect((await create(tokens.admin, payload)).statusCode).toBe(201);
    const theirs = await t.app.inject({
      method: 'GET',
      url: keysUrl(otherOrganisation),
      headers: bearer(tokens.other),
    });
    expect(theirs.json<ApiKeyList>().items).toEqual([]);
    for (const token of [tokens.agent, tokens.supervisor2]) {
      expect((await t.app.inject({ method: 'GET', url: keysUrl(), headers: bearer(token) })).statusCode).toBe(
        403,
      );
    }
  });

  it('refuses bad input with a 400', async () => {
    for (const payload of [
      { name: '', scopes: ['dashboards:read'] },
      { name: 'No scope', scopes: [] },
      { name: 'Unknown scope', scopes: ['admin:all'] },
      { name: 'Twice', scopes: ['dashboards:read', 'dashboards:read'] },
      { name: 'Past', scopes: ['dashboards:read'], expires_at: 1000 },
      { name: 'Extra', scopes: ['dashboards:read'], owner: 'me' },
    ]) {
      const response = await create(tokens.supervisor, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it('reaches the routes of its scopes in its organisation, and nothing else', async () => {
    const { key } = await newKey(['conversations:read', 'evaluations:read']);
    const list = `/api/campaigns/${demoCampaigns.customerCare.id}/conversations`;
    expect((await withKey(key, 'GET', list)).statusCode).toBe(200);
    const dashboards = await withKey(key, 'GET', '/api/dashboards/filters');
    expect(dashboards.statusCode).toBe(403);
    expect(dashboards.json()).toEqual({ detail: 'This API key lacks the scope dashboards:read' });
    const write = await withKey(key, 'POST', list, {
      type: 'call',
      agent_id: demoUsers.agent.id,
      input_text: 'Agent: Hi',
    });
    expect(write.json()).toEqual({ detail: 'This API key lacks the scope conversations:write' });
    for (const url of ['/api/users/me', '/api/audit-log', keysUrl(), '/api/campaigns']) {
      const response = await withKey(key, 'GET', url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ detail: 'API keys cannot use this route' });
    }
    // Another organisation's campaign is not there for the key, even though it reads every one of its own.
    expect((await withKey(key, 'GET', `/api/campaigns/${otherCampaign}/conversations`)).statusCode).toBe(404);
    const conversation = await addConversation(t.database.db, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
    });
    expect((await withKey(key, 'GET', `/api/conversations/${conversation}`)).statusCode).toBe(200);
    expect((await withKey(key, 'GET', `/api/conversations/${conversation}/evaluation`)).statusCode).toBe(404);
    // The live channel takes access tokens only.
    expect((await t.app.inject({ method: 'GET', url: `/api/ws?token=${key}` })).statusCode).toBe(401);
  });

  it('writes with conversations:write, each use in the audit log as the key', async () => {
    const { key, api_key: created } = await newKey(['conversations:write']);
    const posted = await withKey(
      key,
      'POST',
      `/api/campaigns/${demoCampaigns.customerCare.id}/conversations`,
      {
        type: 'call',
        agent_id: demoUsers.agent.id,
        input_text: 'Agent: Hello, how can I help?\nCustomer: My order is late.',
      },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/audit-log?actor_type=api_key&actor_id=${created.id}`,
      headers: bearer(tokens.supervisor),
    });
    expect(log.json<AuditLogPage>().items).toEqual([
      expect.objectContaining({
        action: 'api_key.write_used',
        actor: { type: 'api_key', id: created.id, name: created.name },
        details: {
          scope: 'conversations:write',
          method: 'POST',
          route: '/api/campaigns/:id/conversations',
          status: 201,
        },
      }),
    ]);
    const creation = await t.app.inject({
      method: 'GET',
      url: `/api/audit-log?action=api_key.created&target_id=${created.id}`,
      headers: bearer(tokens.supervisor),
    });
    expect(creation.json<AuditLogPage>().items).toHaveLength(1);
  });

  it('is refused from its revocation on, and logs the revocation once', async () => {
    const { key, api_key: created } = await newKey(['dashboards:read']);
    expect((await withKey(key, 'GET', '/api/dashboards/filters')).statusCode).toBe(200);
    const revoke = () =>
      t.app.inject({
        method: 'DELETE',
        url: `${keysUrl()}/${created.id}`,
        headers: bearer(tokens.supervisor),
      });
    const revoked = await revoke();
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ApiKey>().revoked_at).not.toBeNull();
    expect(revoked.json<ApiKey>().last_used_at).not.toBeNull();
    expect((await revoke()).statusCode).toBe(200);
    const refused = await withKey(key, 'GET', '/api/dashboards/filters');
    expect(refused.statusCode).toBe(401);
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/audit-log?action=api_key.revoked&target_id=${created.id}`,
      headers: bearer(tokens.supervisor),
    });
    expect(log.json<AuditLogPage>().items).toHaveLength(1);
    // Another organisation's manager cannot revoke it (nor learn it exists).
    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: `${keysUrl(otherOrganisation)}/${created.id}`,
      headers: bearer(tokens.other),
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('is refused once expired, and with a key that never existed', async () => {
    const { key, api_key: created } = await newKey(['dashboards:read']);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, created.id));
    expect((await withKey(key, 'GET', '/api/dashboards/filters')).statusCode).toBe(401);
    expect((await withKey(`qm_${'x'.repeat(43)}`, 'GET', '/api/dashboards/filters')).statusCode).toBe(401);
  });

  it('is rate limited per key with Retry-After, other keys unaffected', async () => {
    const { key } = await newKey(['dashboards:read']);
    const { key: another } = await newKey(['dashboards:read']);
    for (let n = 0; n < rateLimit; n += 1) {
      expect((await withKey(key, 'GET', '/api/dashboards/filters')).statusCode).toBe(200);
    }
    const limited = await withKey(key, 'GET', '/api/dashboards/filters');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toHaveProperty('detail');
    expect((await withKey(another, 'GET', '/api/dashboards/filters')).statusCode).toBe(200);
  });
});
