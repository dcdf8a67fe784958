// The login page: good and bad credentials, throttling, open redirects, cross-site posts, languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { createTestApp, publicUrl, refreshCookieOf, type TestApp } from '../../fixtures/test-app';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const formHeaders = { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl };

describe.each(testDatabaseKinds)('login service on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const postLogin = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: form(fields),
      headers: { ...formHeaders, ...headers },
    });

  it('shows a sign-in page in English by default and in French on request', async () => {
    const english = await t.app.inject({
      url: `/auth/login?redirect=${encodeURIComponent(`${publicUrl}/`)}`,
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-type']).toContain('text/html');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Sign in');

    const french = await t.app.inject({
      url: '/auth/login',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Se connecter');
  });

  it('logs in with good credentials: sets an HttpOnly SameSite refresh cookie and redirects', async () => {
    const response = await postLogin({
      email: 'Supervisor@Demo.local',
      password: demoPassword,
      redirect: `${publicUrl}/campaigns?x=1`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${publicUrl}/campaigns?x=1`);
    const cookie = response.cookies.find((c) => c.name === 'qm_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
  });

  it('answers a wrong password and an unknown email with the same page and message', async () => {
    const wrongPassword = await postLogin({ email: 'agent@demo.local', password: 'not-the-password' });
    const unknownEmail = await postLogin({ email: 'nobody@demo.local', password: 'not-the-password' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(refreshCookieOf(response)).toBeUndefined();
      expect(response.body).toContain('Incorrect email or password.');
    }
  });

  it('answers a NUL character in the form with the sign-in page and its message, in English and in French', async () => {
    const nul = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: 'email=Agent%40demo.local&password=a%00b',
        headers: { ...formHeaders, 'accept-language': language },
      });
    const english = await nul('en');
    const french = await nul('fr-FR,fr;q=0.9');
    for (const response of [english, french]) {
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(refreshCookieOf(response)).toBeUndefined();
      expect(response.body).toContain('value="agent@demo.local"');
    }
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('The form holds characters that cannot be accepted.');
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Le formulaire contient des caractères non acceptés.');
    // The password of the right account still signs in: the refused form was not counted against it.
    expect(await t.login('agent@demo.local')).toBeTruthy();
  });

  it('throttles an account and address after 10 failures within a minute, even for the right password', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await postLogin({ email: 'agent2@demo.local', password: 'wrong' });
      expect(response.statusCode).toBe(401);
    }
    const locked = await postLogin({ email: 'agent2@demo.local', password: demoPassword });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body).toContain('Too many attempts');
    expect(refreshCookieOf(locked)).toBeUndefined();

    // Another account from the same address is not affected.
    expect((await postLogin({ email: 'agent3@demo.local', password: demoPassword })).statusCode).toBe(303);
  });

  it('checks at most 10 of 100 simultaneous wrong passwords; the others are refused with 429', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => postLogin({ email: 'agent4@demo.local', password: 'wrong' })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
  });

  it('keys the lock-out on the connecting address, not on X-Forwarded-For, unless TRUST_PROXY says so', async () => {
    const forwardedFrom = (address: string) => ({ 'x-forwarded-for': address });
    for (let attempt = 0; attempt < 11; attempt += 1) {
      await postLogin(
        { email: 'supervisor2@demo.local', password: 'wrong' },
        forwardedFrom(`10.0.0.${attempt}`),
      );
    }
    const spoofed = await postLogin(
      { email: 'supervisor2@demo.local', password: demoPassword },
      forwardedFrom('10.0.0.99'),
    );
    expect(spoofed.statusCode).toBe(429);

    const proxied = await createTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    try {
      const post = (password: string, address: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: form({ email: 'supervisor2@demo.local', password }),
          headers: { ...formHeaders, ...forwardedFrom(address) },
        });
      for (let attempt = 0; attempt < 11; attempt += 1) await post('wrong', '203.0.113.7');
      expect((await post(demoPassword, '203.0.113.7')).statusCode).toBe(429);
      expect((await post(demoPassword, '198.51.100.8')).statusCode).toBe(303);
    } finally {
      await proxied.close();
    }
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3001/',
  ])('refuses to redirect to %s', async (redirect) => {
    const page = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent(redirect)}` });
    expect(page.statusCode).toBe(400);
    const login = await postLogin({ email: 'agent@demo.local', password: demoPassword, redirect });
    expect(login.statusCode).toBe(400);
    expect(login.headers.location).toBeUndefined();
    expect(login.json()).toEqual({ detail: 'The redirect must be a URL of this application' });
  });

  it('refuses a login posted from another site', async () => {
    const response = await postLogin(
      { email: 'agent@demo.local', password: demoPassword },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(refreshCookieOf(response)).toBeUndefined();
  });
});
