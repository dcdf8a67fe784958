// Refresh tokens: rotation, reuse detection, concurrent refreshes, retries of a lost refresh, logout, cross-site
// refusal.
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecretToken } from '../../../server/auth/secret-tokens';
import { refreshRetryWindowMs } from '../../../server/auth/sessions-store';
import { sessions } from '../../../server/db/schema';
import { testDatabaseKinds } from '../../fixtures/databases';
import { createTestApp, publicUrl, refreshCookieOf, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('refresh sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const refresh = (cookie: string | undefined, origin = publicUrl, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/token/refresh',
      cookies: cookie ? { qm_refresh: cookie } : {},
      headers: key ? { origin, 'idempotency-key': key } : { origin },
    });
  const retry = (cookie: string | undefined, key: string) => refresh(cookie, publicUrl, key);

  it('issues a short-lived access token and rotates the refresh token', async () => {
    const cookie = await t.login('agent@demo.local');
    const response = await refresh(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { access_token: string; expires_in: number };
    expect(body.expires_in).toBeLessThanOrEqual(900);
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe('019a0000-0000-7000-8000-000000000201');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBeLessThanOrEqual(900);

    const rotated = refreshCookieOf(response);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(cookie);
    expect((await refresh(rotated)).statusCode).toBe(200);
  });

  it('revokes the whole login when a used refresh token is replayed', async () => {
    const first = await t.login('agent@demo.local');
    const second = refreshCookieOf(await refresh(first));
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ detail: 'Session expired, please log in again' });
    // The token the legitimate holder got is dead too, and so is every later one.
    expect((await refresh(second)).statusCode).toBe(401);
  });

  it('lets exactly one of two concurrent refreshes of one token succeed', async () => {
    const cookie = await t.login('agent@demo.local');
    const results = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('leaves no token of the login alive after a concurrent reuse, in every interleaving', async () => {
    for (let round = 0; round < 15; round += 1) {
      const first = await t.login('agent2@demo.local');
      // Two holders refresh the same token at once: one wins a new token, the other is a reuse.
      const raced = await Promise.all([refresh(first), refresh(first), refresh(first)]);
      // A refused refresh clears the cookie (empty value): only non-empty values are tokens.
      const issued = raced.map(refreshCookieOf).filter((cookie) => Boolean(cookie));
      // The winner's new token is used while the old one is replayed.
      const second = issued[0];
      const overlapped = await Promise.all([refresh(second), refresh(first)]);
      const all = [first, ...issued, ...overlapped.map(refreshCookieOf)].filter((cookie) => Boolean(cookie));
      for (const cookie of all) expect((await refresh(cookie)).statusCode).toBe(401);
    }
  });

  describe('a refresh sent again with its idempotency key (its answer was lost as the page was left)', () => {
    const key = 'page-left-while-refreshing-0001';

    it('gets the same token again, which stays valid', async () => {
      const first = await t.login('agent@demo.local');
      const lost = refreshCookieOf(await retry(first, key));
      const again = await retry(first, key);
      expect(again.statusCode).toBe(200);
      expect(refreshCookieOf(again)).toBe(lost);
      expect((await retry(first, key)).statusCode).toBe(200);
      expect((await refresh(lost)).statusCode).toBe(200);
    });

    it('answers the same token to the same request sent twice at once, in either order', async () => {
      for (let round = 0; round < 10; round += 1) {
        const first = await t.login('agent2@demo.local');
        const raced = await Promise.all([retry(first, key), retry(first, key)]);
        expect(raced.map((response) => response.statusCode)).toEqual([200, 200]);
        const [one, other] = raced.map(refreshCookieOf);
        expect(one).toBe(other);
        expect((await refresh(one)).statusCode).toBe(200);
      }
    });

    it('follows a chain of answers lost with the same key', async () => {
      const first = await t.login('agent@demo.local');
      const second = refreshCookieOf(await retry(first, key));
      // The answer arrived but the page went before forgetting the key: its next page sends it once more.
      const third = refreshCookieOf(await retry(second, key));
      expect(third).not.toBe(second);
      expect(refreshCookieOf(await retry(first, key))).toBe(third);
      expect((await refresh(third)).statusCode).toBe(200);
    });

    it('refuses a late duplicate once its answer was used, without ending the login', async () => {
      const first = await t.login('agent@demo.local');
      const second = refreshCookieOf(await retry(first, key));
      const third = refreshCookieOf(await retry(second, 'the-next-page-request-0002'));
      expect((await retry(first, key)).statusCode).toBe(401);
      expect((await refresh(third)).statusCode).toBe(200);
    });

    it('is a reuse with another key, or without a key', async () => {
      for (const replay of [(cookie: string) => retry(cookie, 'another-request-key-0002'), refresh]) {
        const first = await t.login('agent@demo.local');
        const second = refreshCookieOf(await retry(first, key));
        expect((await replay(first)).statusCode).toBe(401);
        expect((await refresh(second)).statusCode).toBe(401);
      }
    });

    it('is a reuse once the retry window has passed', async () => {
      const first = await t.login('agent@demo.local');
      const second = refreshCookieOf(await retry(first, key));
      const longAgo = new Date(Date.now() - refreshRetryWindowMs - 1000);
      await t.database.db
        .update(sessions)
        .set({ rotatedAt: longAgo })
        .where(eq(sessions.tokenHash, hashSecretToken(first)));
      expect((await retry(first, key)).statusCode).toBe(401);
      expect((await refresh(second)).statusCode).toBe(401);
    });

    it('refuses a malformed key as bad input, without spending the token', async () => {
      const first = await t.login('agent@demo.local');
      const response = await retry(first, 'short');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('detail');
      expect((await refresh(first)).statusCode).toBe(200);
    });
  });

  it('answers 204 without a cookie (never signed in here), 401 with an unknown one', async () => {
    const withoutCookie = await refresh(undefined);
    expect(withoutCookie.statusCode).toBe(204);
    expect(withoutCookie.body).toBe('');
    expect((await refresh('made-up')).statusCode).toBe(401);
  });

  it('refuses a refresh requested from another site', async () => {
    const cookie = await t.login('agent@demo.local');
    const response = await refresh(cookie, 'https://evil.example');
    expect(response.statusCode).toBe(403);
    const sameSiteFetch = await t.app.inject({
      method: 'POST',
      url: '/auth/token/refresh',
      cookies: { qm_refresh: cookie },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(sameSiteFetch.statusCode).toBe(403);
    // The refused attempts did not spend the token.
    expect((await refresh(cookie)).statusCode).toBe(200);
  });

  it('logs out: the login is revoked and the cookie cleared', async () => {
    const cookie = await t.login('agent@demo.local');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { qm_refresh: cookie },
      headers: { origin: publicUrl },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'qm_refresh')?.value).toBe('');
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});
