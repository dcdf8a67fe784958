// Security headers: a strict Content-Security-Policy for the app, its own for the API docs and the login pages;
// no framing, no MIME sniffing, no referrer outside the site; API answers never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '../../../server/demo/data';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const directives = (header: string | string[] | number | undefined) =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

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
});
