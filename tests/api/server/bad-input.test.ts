// Bad input answers 4xx with a `detail`, never 5xx, never a stack trace.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, publicUrl, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('bad input on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let notUuidToken: string;
  let campaignId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.accessToken(demoUsers.admin.email);
    notUuidToken = await t.app.context.tokens.issue('not-a-uuid');
    const campaigns = await t.app.inject({ url: '/api/campaigns', headers: bearer(token) });
    campaignId = (campaigns.json() as { items: { id: string }[] }).items[0]?.id ?? '';
  });
  afterAll(() => t.close());

  const cases: { name: string; status: number; request: () => InjectOptions }[] = [
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
    {
      name: 'a path that is not valid percent-encoding',
      status: 400,
      request: () => ({ url: '/api/users/%ff', headers: bearer(token) }),
    },
  ];

  it.each(cases)('answers $status with a detail for $name', async ({ status, request }) => {
    const response = await t.app.inject(request());
    expect(response.statusCode).toBe(status);
    const body = response.json() as { detail: unknown; stack?: unknown };
    expect(body.detail).toBeTypeOf('string');
    expect(JSON.stringify(body)).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(body.stack).toBeUndefined();
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
