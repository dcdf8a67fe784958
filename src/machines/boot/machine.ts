// App start (spec §4): a token from this tab's storage (logged in as another user) or from the login service,
// then the current user and their language; ends authorized, unauthorized (no invitation), at the login page, or
// in error. Authorized, boot hands the session to the auth actor it runs, the one owner of the token.
import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { Language } from '../../../contract/enums';
import type { CurrentUser } from '../../../contract/users';
import type { SessionToken } from '../../services/session-token';
import { authMachine, type AuthEnding } from '../auth/machine';
import { notImplemented } from '../not-implemented';

export type BootEvent =
  /** The user changed their own profile. */
  { type: 'user.updated'; user: CurrentUser };

/** What boot finds: the session's token and whose it is. */
export interface FoundSession {
  session: SessionToken;
  user: CurrentUser;
}

export interface BootContext {
  /** The token found at start, while the user is loaded; the auth actor owns it from then on. */
  session: SessionToken | null;
  user: CurrentUser | null;
}

const detailOf = (error: unknown) => (error as { detail?: unknown } | undefined)?.detail;
const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

export const bootMachine = setup({
  types: {
    context: {} as BootContext,
    events: {} as BootEvent,
    children: {} as { auth: 'auth' },
  },
  actors: {
    loadToken: fromPromise<SessionToken | null>(() => notImplemented('loadToken')),
    loadCurrentUser: fromPromise<FoundSession, SessionToken>(() => notImplemented('loadCurrentUser')),
    changeLanguage: fromPromise<void, Language | null>(() => notImplemented('changeLanguage')),
    auth: authMachine,
  },
  actions: {
    redirectToLogin: () => notImplemented('redirectToLogin'),
    clearStoredToken: () => notImplemented('clearStoredToken'),
    requestFirstRouteData: (_, _params: { token: string }) => notImplemented('requestFirstRouteData'),
    changeLanguage: (_, _params: { language: Language | null }) => notImplemented('changeLanguage'),
    storeUser: assign({ user: (_, params: { user: CurrentUser }) => params.user }),
    /** Boot keeps no copy of the token once the auth actor has it (or once it proved useless). */
    forgetSession: assign({ session: null }),
  },
  guards: {
    hasNoSession: ({ event }) => 'output' in event && event.output === null,
    needsInvitation: ({ event }) => 'error' in event && detailOf(event.error) === 'NeedsInvitation',
    isImpersonationRejected: ({ context, event }) =>
      context.session?.impersonated === true &&
      'error' in event &&
      statusOf(event.error) === 401 &&
      detailOf(event.error) !== 'NeedsInvitation',
    hasLostAccess: ({ event }) => 'output' in event && (event.output as AuthEnding) === 'accessLost',
  },
}).createMachine({
  id: 'boot',
  description:
    'Finds who is using the app before anything is shown, then hands the session to the auth actor.',
  initial: 'LoadingToken',
  context: { session: null, user: null },
  states: {
    LoadingToken: {
      description: "Reads this tab's impersonation token, or asks the login service for one with the cookie.",
      tags: ['busy'],
      invoke: {
        id: 'loadToken',
        src: 'loadToken',
        onDone: [
          {
            guard: 'hasNoSession',
            target: 'RedirectingToLogin',
            description: 'This browser has no login: the user must log in.',
          },
          {
            target: 'LoadingUser',
            actions: [
              assign({ session: ({ event }) => event.output }),
              {
                type: 'requestFirstRouteData',
                params: ({ event }) => ({ token: (event.output as SessionToken).token }),
              },
            ],
            description: "A token was found: whose is it? The opening page's data is asked for meanwhile.",
          },
        ],
        onError: {
          target: 'RedirectingToLogin',
          description: 'The login expired or was revoked: log in again.',
        },
      },
    },
    LoadingUser: {
      description: 'Loads the current user with the token.',
      tags: ['busy'],
      invoke: {
        id: 'loadCurrentUser',
        src: 'loadCurrentUser',
        input: ({ context }) => context.session as SessionToken,
        onDone: {
          target: 'Authorized',
          actions: { type: 'storeUser', params: ({ event }) => ({ user: event.output.user }) },
          description: 'The user is known: the auth actor takes the token over.',
        },
        onError: [
          {
            guard: 'needsInvitation',
            target: 'Unauthorized',
            description: 'The identity is valid but has no active access.',
          },
          {
            guard: 'isImpersonationRejected',
            target: 'Failed',
            actions: 'clearStoredToken',
            description:
              'Spec §4: a 401 while logged in as another user ends that session: its token is cleared.',
          },
          { target: 'Failed', description: 'The server or the network failed: the error page.' },
        ],
      },
      exit: 'forgetSession',
    },
    RedirectingToLogin: {
      description: 'The browser is leaving for the login page, with a redirect back here.',
      tags: ['busy'],
      entry: 'redirectToLogin',
      type: 'final',
    },
    Authorized: {
      description: 'The user is known; the auth actor, started with the token found, owns it.',
      invoke: {
        id: 'auth',
        src: 'auth',
        // Entered only when the user is loaded: the event is loadCurrentUser's, with the token found.
        input: ({ event }) => (event as unknown as DoneActorEvent<FoundSession>).output.session,
        onDone: {
          guard: 'hasLostAccess',
          target: 'Unauthorized',
          description: 'Spec §8: NeedsInvitation during the session leads to the unauthorized page.',
        },
        onError: { target: 'Failed', description: "The session's auth actor failed: the error page." },
      },
      on: {
        'user.updated': {
          actions: [
            { type: 'storeUser', params: ({ event }) => ({ user: event.user }) },
            { type: 'changeLanguage', params: ({ event }) => ({ language: event.user.language }) },
          ],
          description: 'A profile edit shows at once, in the language it chose.',
        },
      },
      initial: 'ChangingLanguage',
      states: {
        ChangingLanguage: {
          description: "Loads the translations of the user's language (the browser's when they chose none).",
          tags: ['busy'],
          invoke: {
            id: 'changeLanguage',
            src: 'changeLanguage',
            input: ({ context }) => context.user?.language ?? null,
            onDone: { target: 'Ready', description: 'The app shell renders in that language.' },
            onError: {
              target: '#boot.Failed',
              description: 'The translations could not load: the error page.',
            },
          },
        },
        Ready: {
          description: 'The app shell renders.',
        },
      },
    },
    Unauthorized: {
      description: 'The unauthorized page: access needs an invitation.',
      type: 'final',
    },
    Failed: {
      description: 'The error page.',
      type: 'final',
    },
  },
});
