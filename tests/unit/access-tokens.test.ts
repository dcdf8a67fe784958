// Access tokens: verified claims are kept per token, never past the token's own expiry, and a token altered in any
// way is checked afresh (and refused).
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../server/auth/access-tokens';

const userId = '0b7e5b7e-4a5c-4c55-9a39-2f1a6c1d8e01';
const adminId = '9f2c7d4e-1b3a-4e6f-8a2d-5c4b3a291f07';
const ttlSeconds = 15 * 60;

function clock(startMs: number) {
  let nowMs = startMs;
  return { now: () => nowMs, advance: (seconds: number) => (nowMs += seconds * 1000) };
}

describe('access tokens', () => {
  it('answers the claims of a token it issued, with the acting admin', async () => {
    const tokens = createAccessTokens('a secret of the test', ttlSeconds);
    expect(await tokens.verify(await tokens.issue(userId))).toMatchObject({ userId, actorId: null });
    expect(await tokens.verify(await tokens.issue(userId, adminId))).toMatchObject({
      userId,
      actorId: adminId,
    });
  });

  it('refuses a token verified before once its expiry has passed, though it is still kept', async () => {
    const time = clock(Date.UTC(2026, 10, 27, 9));
    const tokens = createAccessTokens('a secret of the test', ttlSeconds, { now: time.now });
    const token = await tokens.issue(userId);
    time.advance(10 * 60);
    expect(await tokens.verify(token)).not.toBeNull();
    time.advance(5 * 60 - 1);
    expect(await tokens.verify(token)).not.toBeNull();
    time.advance(1);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses an expired token it never verified', async () => {
    const time = clock(Date.UTC(2026, 10, 27, 9));
    const tokens = createAccessTokens('a secret of the test', ttlSeconds, { now: time.now });
    const token = await tokens.issue(userId);
    time.advance(ttlSeconds + 1);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a verified token with its payload or signature altered, and one signed with another secret', async () => {
    const tokens = createAccessTokens('a secret of the test', ttlSeconds);
    const token = await tokens.issue(userId);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: adminId }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    const forger = createAccessTokens('another secret', ttlSeconds);
    expect(await tokens.verify(await forger.issue(userId))).toBeNull();
  });

  it('keeps no more tokens than it may, and still verifies the ones it let go', async () => {
    const tokens = createAccessTokens('a secret of the test', ttlSeconds, { verifiedCapacity: 2 });
    const issued = await Promise.all([1, 2, 3].map(() => tokens.issue(userId)));
    for (const token of issued) expect(await tokens.verify(token)).not.toBeNull();
    for (const token of issued) expect(await tokens.verify(token)).not.toBeNull();
  });
});
