// Bad input answers 4xx with a `detail`, never 5xx, never a stack trace.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxInputDepth } from '../../../contract/storable-text';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('bad input on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let notUuidToken: string;
  let campaignId: string;
  let gridId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.accessToken(demoUsers.admin.email);
    notUuidToken = await t.app.context.tokens.issue('not-a-uuid');
    const campaigns = await t.app.inject({ url: '/api/campaigns', headers: bearer(token) });
    campaignId = (campaigns.json() as { items: { id: string }[] }).items[0]?.id ?? '';
    const grid = await t.app.inject({
      url: `/api/campaigns/${demoCampaigns.customerCare.id}/evaluation-grid`,
      headers: bearer(token),
    });
    gridId = (grid.json() as { id: string }).id;
  });
  afterAll(() => t.close());

  /** JSON nested 20,000 levels deep, as a probe sent it: valid, and far past any depth the API accepts. */
  const deepArray = '['.repeat(20_000) + ']'.repeat(20_000);
  const deepObject = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
  const json = (url: string, payload: string, method: 'POST' | 'PUT' | 'PATCH' = 'POST') => ({
    method,
    url,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload,
  });
  const filtered = (path: string, filters: string) => ({
    url: `/api/campaigns/${demoCampaigns.customerCare.id}/conversations${path}?${new URLSearchParams({ filters })}`,
    headers: bearer(token),
  });
  const customerCare = `/api/campaigns/${demoCampaigns.customerCare.id}`;
  const nulDetail = /NUL character/;
  const surrogateDetail = /lone surrogate/;
  const depthDetail = new RegExp(`more than ${maxInputDepth} levels`);
  const durationDetail = /duration bound is at most/;

  const cases: { name: string; status: number; request: () => InjectOptions; detail?: RegExp }[] = [
    {
      name: 'malformed JSON',
      status: 400,
      request: () => ({
        method: 'PATCH',
        url: `/api/users/${demoUsers.admin.id}`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"name": ',
      }),
    },
    {
      name: 'a wrong type',
      status: 400,
      request: () => ({
        method: 'PATCH',
        url: `/api/users/${demoUsers.admin.id}`,
        headers: bearer(token),
        payload: { name: 42 },
      }),
    },
    {
      name: 'an oversized body',
      status: 413,
      request: () => ({
        method: 'PATCH',
        url: `/api/users/${demoUsers.admin.id}`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      }),
    },
    {
      name: 'an unsupported media type',
      status: 415,
      request: () => ({
        method: 'PATCH',
        url: `/api/users/${demoUsers.admin.id}`,
        headers: { ...bearer(token), 'content-type': 'application/xml' },
        payload: '<name>x</name>',
      }),
    },
    {
      name: 'a malformed id',
      status: 400,
      request: () => ({ url: '/api/users/not-a-uuid', headers: bearer(token) }),
    },
    {
      name: 'an unknown id',
      status: 404,
      request: () => ({ url: '/api/users/019a0000-0000-7000-8000-0000000fffff', headers: bearer(token) }),
    },
    { name: 'an unknown API route', status: 404, request: () => ({ url: '/api/nothing-here' }) },
    {
      name: 'a malformed page size',
      status: 400,
      request: () => ({ url: '/api/notifications?limit=lots', headers: bearer(token) }),
    },
    {
      name: 'a token exchange body that is not JSON',
      status: 400,
      request: () => ({
        method: 'POST',
        url: '/auth/token',
        headers: { origin: publicUrl, 'content-type': 'text/plain' },
        payload: 'userId',
      }),
    },
    {
      name: 'a login form without fields',
      status: 400,
      request: () => ({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: publicUrl, 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      }),
    },
    {
      name: 'a NUL byte in a query string',
      status: 400,
      request: () => ({ url: '/api/campaigns?q=%00', headers: bearer(token) }),
    },
    {
      name: 'a NUL byte in a JSON body',
      status: 400,
      request: () => ({
        method: 'POST',
        url: '/api/campaigns',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"name":"a\\u0000b"}',
      }),
    },
    {
      name: 'a NUL byte in a JSON key',
      status: 400,
      request: () => ({
        method: 'PATCH',
        url: `/api/users/${demoUsers.admin.id}`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '{"a\\u0000b":"x"}',
      }),
    },
    {
      name: 'a multipart body without a boundary',
      status: 400,
      request: () => ({
        method: 'POST',
        url: `/api/campaigns/${campaignId}/logo`,
        headers: { ...bearer(token), 'content-type': 'multipart/form-data' },
        payload: 'whatever',
      }),
    },
    {
      name: 'a multipart body that does not match its boundary',
      status: 400,
      request: () => ({
        method: 'POST',
        url: `/api/campaigns/${campaignId}/logo`,
        headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--xyz\r\nContent-Disposition: form-data; name="logo"\r\n\r\nx',
      }),
    },
    {
      name: 'a token of the real key whose subject is not a UUID',
      status: 401,
      request: () => ({ url: '/api/users/me', headers: bearer(notUuidToken) }),
    },
    ...(['/auth/token', '/api/campaigns', `/api/users/${demoUsers.admin.id}`] as const).flatMap((url) => [
      {
        name: `an array nested 20,000 deep to ${url}`,
        status: 400,
        detail: depthDetail,
        request: () => ({
          ...json(url, deepArray, url.startsWith('/api/users') ? 'PATCH' : 'POST'),
          headers: { ...bearer(token), 'content-type': 'application/json', origin: publicUrl },
        }),
      },
      {
        name: `an object nested 20,000 deep to ${url}`,
        status: 400,
        detail: depthDetail,
        request: () => ({
          ...json(url, deepObject, url.startsWith('/api/users') ? 'PATCH' : 'POST'),
          headers: { ...bearer(token), 'content-type': 'application/json', origin: publicUrl },
        }),
      },
    ]),
    {
      name: `a body nested ${maxInputDepth + 1} deep`,
      status: 400,
      detail: depthDetail,
      request: () => json('/api/campaigns', '['.repeat(maxInputDepth + 1) + ']'.repeat(maxInputDepth + 1)),
    },
    ...(['', '/export'] as const).flatMap((path) => [
      {
        name: `a NUL escaped in the filters of the list${path}`,
        status: 400,
        detail: nulDetail,
        request: () => filtered(path, '{"q":"\\u0000"}'),
      },
      {
        name: `a lone surrogate escaped in the filters of the list${path}`,
        status: 400,
        detail: surrogateDetail,
        request: () => filtered(path, '{"q":"\\ud800"}'),
      },
      {
        name: `a duration filter past any duration in the list${path}`,
        status: 400,
        detail: durationDetail,
        request: () => filtered(path, '{"duration":{"min":{"value":1e308,"unit":"h"}}}'),
      },
      {
        name: `a start filter past any date in the list${path}`,
        status: 400,
        detail: /started_after/,
        request: () => filtered(path, '{"started_after":9007199254740991}'),
      },
    ]),
    {
      name: 'a lone surrogate in a new conversation',
      status: 400,
      detail: surrogateDetail,
      request: () =>
        json(
          `${customerCare}/conversations`,
          `{"type":"chat","agent_id":"${demoUsers.agent.id}","messages":[{"speaker":"agent","text":"a\\ud800b"}]}`,
        ),
    },
    {
      name: 'a lone surrogate in conversation phases',
      status: 400,
      detail: surrogateDetail,
      request: () =>
        json(`${customerCare}/conversation-phases`, '{"phases":[{"name":"\\udc00","markers":["x"]}]}', 'PUT'),
    },
    {
      name: 'a lone surrogate in a published grid',
      status: 400,
      detail: surrogateDetail,
      request: () =>
        json(`/api/evaluation-grids/${gridId}`, '{"sections":[{"name":"a\\ud800","items":[]}]}', 'PATCH'),
    },
    {
      name: 'a lone surrogate in a JSON key',
      status: 400,
      detail: surrogateDetail,
      request: () => json('/api/campaigns', '{"\\ud800":"x"}'),
    },
    {
      name: 'a path that is not valid percent-encoding',
      status: 400,
      request: () => ({ url: '/api/users/%ff', headers: bearer(token) }),
    },
  ];

  it.each(cases)('answers $status with a detail for $name', async ({ status, request, detail }) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(status);
    const body = response.json() as { detail: unknown; stack?: unknown };
    expect(body.detail).toBeTypeOf('string');
    if (detail) expect(JSON.stringify(body)).toMatch(detail);
    expect(JSON.stringify(body)).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(body.stack).toBeUndefined();
  });

  it('keeps a surrogate pair (an emoji) and text nested as deep as allowed', async () => {
    const emoji = await t.app.inject({
      ...json('/api/campaigns', '{"name":"Emoji \\ud83d\\ude00 campaign"}'),
    });
    expect(emoji.statusCode).toBe(201);
    expect((emoji.json() as { name: string }).name).toBe('Emoji \u{1F600} campaign');
    const deepest = '{"a":'.repeat(maxInputDepth - 1) + '1' + '}'.repeat(maxInputDepth - 1);
    const nested = await t.app.inject(json('/api/campaigns', `{"name":"x","nested":${deepest}}`));
    expect(nested.statusCode).toBeLessThan(500);
    expect(JSON.stringify(nested.json())).not.toMatch(depthDetail);
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, object> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/users/me',
        '/api/users/{id}',
        '/api/users/invite',
        '/api/notifications/{id}/read',
      ]),
    );
  });

  it('documents every operation at a path where the server answers it', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    const base = new URL(document.servers[0]?.url ?? '/', publicUrl).pathname.replace(/\/$/, '');
    const operations = Object.entries(document.paths).flatMap(([documented, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        url: `${base}${documented}`.replaceAll(/\{[^}]+\}/g, ':param'),
      })),
    );
    expect(operations).toContainEqual({ method: 'POST', url: '/auth/token/refresh' });
    for (const { method, url } of operations) {
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${method} ${url}`).toBe(true);
    }
  });

  it('reports health', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      database: { status: 'ok', driver: kind },
    });
  });
});
