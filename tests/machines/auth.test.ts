// The auth flow (spec §4, Authentication): every path of its graph, and when the token is refreshed or dropped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authGraph, fixtures } from './support/machine-graphs';
import { authMachine } from '../../src/machines/auth/machine';
import type { SessionToken } from '../../src/services/session-token';
import { ApiError } from '../../src/services/api-error';
import { testGraph } from './graph-tests';
import { promiseStub, settle } from './stubs';

const signedIn: SessionToken = { token: 'token-1', expiresIn: 900, impersonated: false };
const impersonating: SessionToken = { token: 'token-1', expiresIn: 0, impersonated: true };

function startAuth(input: SessionToken) {
  const refreshToken = promiseStub<SessionToken>('refreshToken');
  const clearStoredToken = vi.fn();
  const redirectToLogin = vi.fn();
  const machine = authMachine.provide({
    actors: { refreshToken: refreshToken.logic },
    actions: { clearStoredToken, redirectToLogin },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, refreshToken, clearStoredToken, redirectToLogin, outcomes: { refreshToken } };
}

testGraph(authGraph, startAuth);

describe('auth rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('two token.rejected with the same token cause exactly one refresh, shared by both requests', async () => {
    const { actor, refreshToken } = startAuth(signedIn);
    actor.send({ type: 'token.rejected', token: 'token-1' });
    actor.send({ type: 'token.rejected', token: 'token-1' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    refreshToken.resolve({ token: 'token-2', expiresIn: 900, impersonated: false });
    await settle();
    // A request sent with the old token that fails after the refresh is a stale rejection.
    actor.send({ type: 'token.rejected', token: 'token-1' });
    expect(refreshToken.runs).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('SignedIn');
    expect(actor.getSnapshot().context.token).toBe('token-2');
  });

  it('a token.rejected with a stale token causes no refresh', () => {
    const { actor, refreshToken, clearStoredToken } = startAuth(signedIn);
    actor.send({ type: 'token.rejected', token: fixtures.staleToken });
    expect(actor.getSnapshot().value).toBe('SignedIn');
    expect(refreshToken.runs).toHaveLength(0);
    expect(clearStoredToken).not.toHaveBeenCalled();
  });

  it('a 401 while logged in as another user ends that session: ImpersonationEnded, token cleared, no refresh', () => {
    const { actor, refreshToken, clearStoredToken, redirectToLogin } = startAuth(impersonating);
    actor.send({ type: 'token.rejected', token: 'token-1' });
    expect(actor.getSnapshot().value).toBe('ImpersonationEnded');
    expect(actor.getSnapshot().status).toBe('done');
    expect(clearStoredToken).toHaveBeenCalledTimes(1);
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(refreshToken.runs).toHaveLength(0);
    expect(actor.getSnapshot().output).toBe('impersonationEnded');
  });

  it('a failed refresh signs out: SignedOut, token cleared, browser sent to the login page', async () => {
    const { actor, refreshToken, clearStoredToken, redirectToLogin } = startAuth(signedIn);
    actor.send({ type: 'token.rejected', token: 'token-1' });
    refreshToken.reject(new ApiError(401, 'Session expired, please log in again'));
    await settle();
    expect(actor.getSnapshot().value).toBe('SignedOut');
    expect(clearStoredToken).toHaveBeenCalledTimes(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().output).toBe('signedOut');
  });

  it('access.lost ends the session with accessLost, for the boot actor to show the unauthorized page', () => {
    const { actor, clearStoredToken } = startAuth(signedIn);
    actor.send({ type: 'access.lost' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toBe('accessLost');
    expect(clearStoredToken).not.toHaveBeenCalled();
  });

  it('refreshes expiresIn - 60 s after sign-in, then again expiresIn - 60 s after each refresh', async () => {
    const { actor, refreshToken } = startAuth(signedIn);
    vi.advanceTimersByTime((900 - 60) * 1000 - 1);
    expect(refreshToken.runs).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(refreshToken.runs).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('Refreshing');

    refreshToken.resolve({ token: 'token-2', expiresIn: 300, impersonated: false });
    await settle();
    vi.advanceTimersByTime((300 - 60) * 1000 - 1);
    expect(refreshToken.runs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(refreshToken.runs).toHaveLength(2);
  });

  it('never schedules a refresh of the token of another user', () => {
    const { actor, refreshToken } = startAuth({ ...impersonating, expiresIn: 900 });
    vi.advanceTimersByTime(24 * 3600 * 1000);
    expect(refreshToken.runs).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('SignedIn');
  });
});
