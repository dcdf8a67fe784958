// The boot flow (spec §4): every path of its graph, and who ends where at start.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { CurrentUser } from '../../contract/users';
import { bootGraph, fixtures } from './support/machine-graphs';
import { bootMachine } from '../../src/machines/boot/machine';
import type { SessionToken } from '../../src/services/session-token';
import { ApiError } from '../../src/services/api-error';
import { testGraph } from './graph-tests';
import { promiseStub, settle } from './stubs';

function startBoot() {
  const loadToken = promiseStub<SessionToken | null>('loadToken');
  const loadCurrentUser = promiseStub<CurrentUser, SessionToken>('loadCurrentUser');
  const redirectToLogin = vi.fn();
  const machine = bootMachine.provide({
    actors: { loadToken: loadToken.logic, loadCurrentUser: loadCurrentUser.logic },
    actions: { redirectToLogin },
  });
  const actor = createActor(machine).start();
  return { actor, loadToken, loadCurrentUser, redirectToLogin, outcomes: { loadToken, loadCurrentUser } };
}

testGraph(bootGraph, startBoot);

describe('boot rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the current user with the token found, then shows the app: Authorized', async () => {
    const { actor, loadToken, loadCurrentUser, redirectToLogin } = startBoot();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    expect(loadCurrentUser.runs.map((run) => run.input)).toEqual([fixtures.loadedToken]);
    loadCurrentUser.resolve(fixtures.user);
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('Authorized');
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context).toEqual({ token: fixtures.loadedToken, user: fixtures.user });
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('user.updated replaces the user once authorized, so that a profile edit shows at once', async () => {
    const { actor, loadToken, loadCurrentUser } = startBoot();
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    loadCurrentUser.resolve(fixtures.user);
    await settle();
    const edited = { ...fixtures.user, name: 'Ada Lovelace', language: 'fr' as const };
    actor.send({ type: 'user.updated', user: edited });
    expect(actor.getSnapshot().value).toBe('Authorized');
    expect(actor.getSnapshot().context.user).toEqual(edited);
  });

  it('a user without an invitation (401 NeedsInvitation) ends on the unauthorized page: Unauthorized', async () => {
    const { actor, loadToken, loadCurrentUser, redirectToLogin } = startBoot();
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    loadCurrentUser.reject(new ApiError(401, 'NeedsInvitation'));
    await settle();
    expect(actor.getSnapshot().value).toBe('Unauthorized');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['another 401', new ApiError(401, 'Session expired, please log in again')],
    ['a server error', new ApiError(500, 'Internal Server Error')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('any other failure to load the user (%s) ends on the error page: Failed', async (_, error) => {
    const { actor, loadToken, loadCurrentUser, redirectToLogin } = startBoot();
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    loadCurrentUser.reject(error);
    await settle();
    expect(actor.getSnapshot().value).toBe('Failed');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('a browser that never signed in (no refresh cookie, no error) goes to the login page', async () => {
    const { actor, loadToken, loadCurrentUser, redirectToLogin } = startBoot();
    loadToken.resolve(null);
    await settle();
    expect(actor.getSnapshot().value).toBe('RedirectingToLogin');
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(loadCurrentUser.runs).toHaveLength(0);
  });

  it('without a token the browser goes to the login page: RedirectingToLogin, redirectToLogin called once', async () => {
    const { actor, loadToken, loadCurrentUser, redirectToLogin } = startBoot();
    loadToken.reject(new ApiError(401, 'Session expired, please log in again'));
    await settle();
    expect(actor.getSnapshot().value).toBe('RedirectingToLogin');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(loadCurrentUser.runs).toHaveLength(0);
  });
});
