// The browser's API client and auth actor against the real server: a 401 refreshes once and retries, concurrent
// 401s share one refresh, a failed refresh signs out, a 401 while logged in as another user ends that session; a
// refused body names its fields.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { conversationSchema } from '../../../contract/conversations';
import type { evaluationGridSchema } from '../../../contract/evaluation-grids';
import { currentUserSchema } from '../../../contract/users';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { users } from '../../../server/db/schema';
import { authMachine } from '../../../src/machines/auth/machine';
import { ApiError } from '../../../src/services/api-error';
import type { SessionToken } from '../../../src/services/session-token';
import { createApiClient } from '../../../src/services/api-client';
import { requestFirstRouteData } from '../../../src/services/first-route-data';
import { createTestApp, type TestApp } from '../../fixtures/test-app';

describe('API client with the auth actor, against the real server', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const serverFetch: typeof fetch = (input, init) => fetch(`${origin}${String(input)}`, init);

  /** A signed-in session as the browser has it: a refresh cookie, and an auth actor starting with `token`. */
  async function session(email: string, token: string, { impersonated = false } = {}) {
    let cookie = await t.login(email);
    const calls = { refreshes: 0, cleared: 0, redirected: 0 };
    const refreshToken = fromPromise<SessionToken>(async () => {
      calls.refreshes += 1;
      const response = await fetch(`${origin}/auth/token/refresh`, {
        method: 'POST',
        headers: { cookie: `qm_refresh=${cookie}`, origin: 'http://localhost:3000' },
      });
      if (!response.ok) throw new Error(`refresh answered ${response.status}`);
      cookie = /qm_refresh=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
      const body = (await response.json()) as { access_token: string; expires_in: number };
      return { token: body.access_token, expiresIn: body.expires_in, impersonated: false };
    });
    const auth = createActor(
      authMachine.provide({
        actors: { refreshToken },
        actions: {
          clearStoredToken: () => (calls.cleared += 1),
          redirectToLogin: () => (calls.redirected += 1),
        },
      }),
      { input: { token, expiresIn: 900, impersonated } },
    ).start();
    const revoke = () =>
      fetch(`${origin}/auth/logout`, {
        method: 'POST',
        headers: { cookie: `qm_refresh=${cookie}`, origin: 'http://localhost:3000' },
      });
    return { auth, api: createApiClient(auth, serverFetch), calls, revoke };
  }

  it('refreshes once after a 401 and retries with the new token', async () => {
    const { api, auth, calls } = await session(demoUsers.agent.email, 'expired-or-forged');
    const me = await api.request<typeof currentUserSchema>('/users/me');
    expect(me.email).toBe(demoUsers.agent.email);
    expect(calls.refreshes).toBe(1);
    expect(auth.getSnapshot().value).toBe('SignedIn');
    auth.stop();
  });

  it('streams a successful answer unread, after the same refresh, and rejects a failed one as an ApiError', async () => {
    const { api, auth, calls } = await session(demoUsers.agent.email, 'expired-or-forged');
    const response = await api.stream('/users/me');
    expect(calls.refreshes).toBe(1);
    expect(response.bodyUsed).toBe(false);
    expect(currentUserSchema.parse(await response.json()).email).toBe(demoUsers.agent.email);
    const failure = await api
      .stream('/campaigns/0e9c9c1e-1111-4111-8111-111111111111')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
    auth.stop();
  });

  /** The id of a conversation of Customer Care, which the supervisor owns. */
  async function someConversationId(token: string): Promise<string> {
    const response = await serverFetch(
      `/api/campaigns/${demoCampaigns.customerCare.id}/conversations?limit=1`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const page = (await response.json()) as { items: { id: string }[] };
    const id = page.items[0]?.id;
    if (!id) throw new Error('The demo campaign has no conversation');
    return id;
  }

  it('takes the answer the boot asked for ahead for the opening page, once, instead of asking again', async () => {
    const token = await t.accessToken(demoUsers.supervisor.email);
    const conversationId = await someConversationId(token);
    const { auth } = await session(demoUsers.supervisor.email, token);
    const asked: string[] = [];
    const api = createApiClient(auth, (input, init) => {
      asked.push(String(input));
      return serverFetch(input, init);
    });
    requestFirstRouteData(`/conversations/${conversationId}`, token, serverFetch);
    const first = await api.request<typeof conversationSchema>(`/conversations/${conversationId}`);
    expect(first.id).toBe(conversationId);
    expect(asked).toEqual([]);
    const second = await api.request<typeof conversationSchema>(`/conversations/${conversationId}`);
    expect(second).toEqual(first);
    expect(asked).toEqual([`/api/conversations/${conversationId}`]);
    auth.stop();
  });

  it('after an answer asked for ahead with a token that expired meanwhile, refreshes and asks again', async () => {
    const token = await t.accessToken(demoUsers.supervisor.email);
    const conversationId = await someConversationId(token);
    const { api, auth, calls } = await session(demoUsers.supervisor.email, 'expired-or-forged');
    requestFirstRouteData(`/conversations/${conversationId}`, 'expired-or-forged', serverFetch);
    const conversation = await api.request<typeof conversationSchema>(`/conversations/${conversationId}`);
    expect(conversation.id).toBe(conversationId);
    expect(calls.refreshes).toBe(1);
    auth.stop();
  });

  it('asks nothing ahead for a page without first-route data', async () => {
    const asked: string[] = [];
    requestFirstRouteData('/campaigns', 'any-token', (input) => {
      asked.push(String(input));
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    expect(asked).toEqual([]);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const { api, auth, calls } = await session(demoUsers.agent.email, 'expired-or-forged');
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => api.request<typeof currentUserSchema>('/users/me')),
    );
    expect(results.map((user) => user.id)).toEqual(Array(4).fill(demoUsers.agent.id));
    expect(calls.refreshes).toBe(1);
    auth.stop();
  });

  it('signs out when the refresh fails: token cleared, login page, the call rejects with 401', async () => {
    const { api, auth, calls, revoke } = await session(demoUsers.agent.email, 'expired-or-forged');
    await revoke();
    const failure = await api.request<typeof currentUserSchema>('/users/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect(auth.getSnapshot().value).toBe('SignedOut');
    expect(calls).toEqual({ refreshes: 1, cleared: 1, redirected: 1 });
  });

  it('ends a "logged in as another user" session on a 401 without refreshing', async () => {
    const { api, auth, calls } = await session(demoUsers.admin.email, 'expired-impersonation', {
      impersonated: true,
    });
    await expect(api.request<typeof currentUserSchema>('/users/me')).rejects.toMatchObject({ status: 401 });
    expect(auth.getSnapshot().value).toBe('ImpersonationEnded');
    expect(calls).toEqual({ refreshes: 0, cleared: 1, redirected: 0 });
  });

  it('rejects a refused body with the fields the server names', async () => {
    const { api, auth } = await session(
      demoUsers.supervisor.email,
      await t.accessToken(demoUsers.supervisor.email),
    );
    const grid = await api.request<typeof evaluationGridSchema>(
      `/campaigns/${demoCampaigns.customerCare.id}/evaluation-grid`,
    );
    const refusal = await api
      .request<typeof evaluationGridSchema>(`/evaluation-grids/${grid.id}`, {
        method: 'PATCH',
        body: { sections: [{ name: 'Opening', items: [{ name: '', type: 'binary_item' }] }] },
      })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 400, detail: 'Invalid request' });
    expect((refusal as ApiError).errors.map(({ path }) => path)).toContain('body.sections.0.items.0.name');
    auth.stop();
  });

  it('passes NeedsInvitation through without refreshing, and tells the auth actor access is lost', async () => {
    const { api, auth, calls } = await session(
      demoUsers.agent3.email,
      await t.accessToken(demoUsers.agent3.email),
    );
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, demoUsers.agent3.id));
    // Written straight into the database: heard through its NOTIFY, which this waits for (decision 0190).
    await t.app.context.principals.settle();
    await expect(api.request<typeof currentUserSchema>('/users/me')).rejects.toMatchObject({
      status: 401,
      detail: 'NeedsInvitation',
    });
    expect(calls.refreshes).toBe(0);
    expect(auth.getSnapshot().value).toBe('AccessLost');
  });
});
