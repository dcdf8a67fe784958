// Security headers: a strict Content-Security-Policy for the app, its own for the API docs and the login pages;
// no framing, no MIME sniffing, no referrer outside the site; API answers never cached.
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { securityHeaders } from '../../../server/plugins/security-headers';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const directives = (header: string | string[] | number | undefined) =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

/** The names of the answer's headers, in their order. */
const headerNames = (response: LightMyRequestResponse) => response.raw.res.getHeaderNames();

/** The headers helmet 8 wrote for the app's options, in its order (the set is now written out once, not by helmet). */
const helmetHeaderNames = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = await t.accessToken(demoUsers.agent.email);
  });
  afterAll(() => t.close());

  it('gives every answer nosniff, no framing and a same-origin referrer policy', async () => {
    for (const url of ['/campaigns', '/api/users/me', '/auth/login', '/api/docs/', '/healthz']) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('gives the app a strict policy: scripts from the site only, no framing, no plugins', async () => {
    const response = await t.app.inject({ url: '/campaigns' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('gives the API docs a policy of their own that still forbids framing by other sites', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('marks API answers, errors included, as never to be cached', async () => {
    for (const url of ['/api/users/me', '/api/nothing-here', '/api/users/%ff']) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("writes helmet's headers first, in its order and with its values, then the answer's own", async () => {
    const response = await t.app.inject({ url: '/api/users/me', headers: bearer(token) });
    expect(headerNames(response).slice(0, helmetHeaderNames.length)).toEqual(helmetHeaderNames);
    expect(response.headers).toMatchObject({
      'content-security-policy':
        "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
        "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';" +
        "form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    });
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });

  it('adds Strict-Transport-Security after the referrer policy when the site is served over https', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { https: true });
    app.get('/', () => ({}));
    const response = await app.inject({ url: '/' });
    const names = headerNames(response);
    expect(names.slice(0, helmetHeaderNames.length + 1)).toEqual([
      ...helmetHeaderNames.slice(0, 5),
      'strict-transport-security',
      ...helmetHeaderNames.slice(5),
    ]);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});
