// The boot flow (spec §4): every path of its graph, who ends where at start, and the session handed to the auth
// actor, the one owner of the token.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Language } from '../../contract/enums';
import { bootGraph, fixtures } from './support/machine-graphs';
import { authMachine } from '../../src/machines/auth/machine';
import { bootMachine, type FoundSession } from '../../src/machines/boot/machine';
import { selectAuth, selectOutcome } from '../../src/machines/boot/selectors';
import type { SessionToken } from '../../src/services/session-token';
import { ApiError } from '../../src/services/api-error';
import { testGraph } from './graph-tests';
import { promiseStub, settle } from './stubs';

function startBoot() {
  const loadToken = promiseStub<SessionToken | null>('loadToken');
  const loadCurrentUser = promiseStub<FoundSession, SessionToken>('loadCurrentUser');
  const changeLanguageActor = promiseStub<void, Language | null>('changeLanguage');
  const refreshToken = promiseStub<SessionToken>('refreshToken');
  const redirectToLogin = vi.fn();
  const clearStoredToken = vi.fn();
  const changeLanguage = vi.fn<(args: unknown, params: { language: Language | null }) => void>();
  const requestFirstRouteData = vi.fn<(args: unknown, params: { token: string }) => void>();
  const authClearStoredToken = vi.fn();
  const machine = bootMachine.provide({
    actors: {
      loadToken: loadToken.logic,
      loadCurrentUser: loadCurrentUser.logic,
      changeLanguage: changeLanguageActor.logic,
      auth: authMachine.provide({
        actors: { refreshToken: refreshToken.logic },
        actions: { clearStoredToken: authClearStoredToken, redirectToLogin },
      }),
    },
    actions: { redirectToLogin, clearStoredToken, changeLanguage, requestFirstRouteData },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    loadToken,
    loadCurrentUser,
    changeLanguageActor,
    changeLanguage,
    clearStoredToken,
    redirectToLogin,
    requestFirstRouteData,
    outcomes: { loadToken, loadCurrentUser, changeLanguage: changeLanguageActor },
  };
}

const found = (session: SessionToken): FoundSession => ({ session, user: fixtures.user });

/** Boots with `session` up to the app shell. */
async function bootAuthorized(session: SessionToken = fixtures.loadedToken) {
  const boot = startBoot();
  boot.loadToken.resolve(session);
  await settle();
  boot.loadCurrentUser.resolve(found(session));
  await settle();
  boot.changeLanguageActor.resolve();
  await settle();
  return boot;
}

testGraph(bootGraph, startBoot);

describe('boot rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('loads the current user with the token found, speaks their language, then shows the app: Authorized', async () => {
    const { actor, loadToken, loadCurrentUser, changeLanguageActor, redirectToLogin } = startBoot();
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    expect(loadCurrentUser.runs.map((run) => run.input)).toEqual([fixtures.loadedToken]);
    loadCurrentUser.resolve(found(fixtures.loadedToken));
    await settle();
    // The shell waits for the user's language, so that it never shows in another one first.
    expect(actor.getSnapshot().value).toEqual({ Authorized: 'ChangingLanguage' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(selectAuth(actor.getSnapshot())).toBeNull();
    expect(changeLanguageActor.runs.map((run) => run.input)).toEqual([fixtures.user.language]);
    changeLanguageActor.resolve();
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ Authorized: 'Ready' });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.user).toEqual(fixtures.user);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it("asks for the opening page's data with the token found, beside the user, not after", async () => {
    const { loadToken, loadCurrentUser, requestFirstRouteData } = startBoot();
    expect(requestFirstRouteData).not.toHaveBeenCalled();
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    expect(loadCurrentUser.runs).toHaveLength(1);
    expect(requestFirstRouteData.mock.calls.map((call) => call[1])).toEqual([
      { token: fixtures.loadedToken.token },
    ]);
  });

  it('asks for no page data when no token is found', async () => {
    const { loadToken, requestFirstRouteData } = startBoot();
    loadToken.resolve(null);
    await settle();
    expect(requestFirstRouteData).not.toHaveBeenCalled();
  });

  it('hands the token to the auth actor and keeps no copy of it', async () => {
    const { actor } = await bootAuthorized();
    expect(actor.getSnapshot().context).toEqual({ session: null, user: fixtures.user });
    const auth = selectAuth(actor.getSnapshot());
    expect(auth?.getSnapshot().value).toBe('SignedIn');
    expect(auth?.getSnapshot().context).toEqual(fixtures.loadedToken);
  });

  it('user.updated replaces the user and changes the language once authorized, so that a profile edit shows at once', async () => {
    const { actor, changeLanguage } = await bootAuthorized();
    const edited = { ...fixtures.user, name: 'Ada Lovelace', language: 'fr' as const };
    actor.send({ type: 'user.updated', user: edited });
    expect(actor.getSnapshot().value).toEqual({ Authorized: 'Ready' });
    expect(actor.getSnapshot().context.user).toEqual(edited);
    expect(changeLanguage).toHaveBeenCalledTimes(1);
    expect(changeLanguage.mock.calls[0]?.[1]).toEqual({ language: 'fr' });

    actor.send({ type: 'user.updated', user: { ...edited, language: null } });
    expect(changeLanguage.mock.calls[1]?.[1]).toEqual({ language: null });
  });

  it('an account that loses its access during the session ends on the unauthorized page: Unauthorized', async () => {
    const { actor } = await bootAuthorized();
    selectAuth(actor.getSnapshot())?.send({ type: 'access.lost' });
    expect(actor.getSnapshot().value).toBe('Unauthorized');
    expect(selectOutcome(actor.getSnapshot())).toBe('unauthorized');
  });

  it('the auth actor ending otherwise (signed out, impersonation ended) leaves the app as it is', async () => {
    const { actor } = await bootAuthorized(fixtures.impersonationToken);
    const auth = selectAuth(actor.getSnapshot());
    auth?.send({ type: 'token.rejected', token: fixtures.impersonationToken.token });
    expect(auth?.getSnapshot().value).toBe('ImpersonationEnded');
    expect(actor.getSnapshot().value).toEqual({ Authorized: 'Ready' });
    expect(selectOutcome(actor.getSnapshot())).toBeNull();
  });

  it('translations that cannot load end on the error page: Failed', async () => {
    const { actor, loadToken, loadCurrentUser, changeLanguageActor } = startBoot();
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    loadCurrentUser.resolve(found(fixtures.loadedToken));
    await settle();
    changeLanguageActor.reject(new TypeError('Failed to fetch dynamically imported module'));
    await settle();
    expect(actor.getSnapshot().value).toBe('Failed');
  });

  it('a user without an invitation (401 NeedsInvitation) ends on the unauthorized page: Unauthorized', async () => {
    const { actor, loadToken, loadCurrentUser, redirectToLogin, clearStoredToken } = startBoot();
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    loadCurrentUser.reject(new ApiError(401, 'NeedsInvitation'));
    await settle();
    expect(actor.getSnapshot().value).toBe('Unauthorized');
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(clearStoredToken).not.toHaveBeenCalled();
  });

  it.each([
    ['another 401', new ApiError(401, 'Session expired, please log in again')],
    ['a server error', new ApiError(500, 'Internal Server Error')],
    ['a network failure', new TypeError('Failed to fetch')],
  ])('any other failure to load the user (%s) ends on the error page: Failed', async (_, error) => {
    const { actor, loadToken, loadCurrentUser, redirectToLogin, clearStoredToken } = startBoot();
    loadToken.resolve(fixtures.loadedToken);
    await settle();
    loadCurrentUser.reject(error);
    await settle();
    expect(actor.getSnapshot().value).toBe('Failed');
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(redirectToLogin).not.toHaveBeenCalled();
    expect(clearStoredToken).not.toHaveBeenCalled();
  });

  it("a 401 for another user's token (logged in as) clears that token: Failed, clearStoredToken called once", async () => {
    const { actor, loadToken, loadCurrentUser, clearStoredToken } = startBoot();
    loadToken.resolve(fixtures.impersonationToken);
    await settle();
    loadCurrentUser.reject(new ApiError(401, 'Session expired, please log in again'));
    await settle();
    expect(actor.getSnapshot().value).toBe('Failed');
    expect(clearStoredToken).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['NeedsInvitation', new ApiError(401, 'NeedsInvitation'), 'Unauthorized'],
    ['a server error', new ApiError(500, 'Internal Server Error'), 'Failed'],
  ])("another user's token failing otherwise (%s) is kept", async (_, error, outcome) => {
    const { actor, loadToken, loadCurrentUser, clearStoredToken } = startBoot();
    loadToken.resolve(fixtures.impersonationToken);
    await settle();
    loadCurrentUser.reject(error);
    await settle();
    expect(actor.getSnapshot().value).toBe(outcome);
    expect(clearStoredToken).not.toHaveBeenCalled();
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
