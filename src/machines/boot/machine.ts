// App start (spec §4): a token from this tab's storage (logged in as another user) or from the login service,
// then the current user; ends authorized, unauthorized (no invitation), at the login page, or in error.
import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../../contract/users';
import type { SessionToken } from '../../services/session-token';
import { notImplemented } from '../not-implemented';

export type BootEvent =
  /** The user changed their own profile. */
  { type: 'user.updated'; user: CurrentUser };

export interface BootContext {
  token: SessionToken | null;
  user: CurrentUser | null;
}

export const bootMachine = setup({
  types: {
    context: {} as BootContext,
    events: {} as BootEvent,
  },
  actors: {
    loadToken: fromPromise<SessionToken | null>(() => notImplemented('loadToken')),
    loadCurrentUser: fromPromise<CurrentUser, SessionToken>(() => notImplemented('loadCurrentUser')),
  },
  actions: {
    redirectToLogin: () => notImplemented('redirectToLogin'),
  },
  guards: {
    hasNoSession: ({ event }) => 'output' in event && event.output === null,
    needsInvitation: ({ event }) =>
      'error' in event && (event.error as { detail?: unknown } | undefined)?.detail === 'NeedsInvitation',
  },
}).createMachine({
  id: 'boot',
  description: 'Finds who is using the app before anything is shown.',
  initial: 'LoadingToken',
  context: { token: null, user: null },
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
          { target: 'LoadingUser', actions: assign({ token: ({ event }) => event.output }) },
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
        input: ({ context }) => context.token as SessionToken,
        onDone: { target: 'Authorized', actions: assign({ user: ({ event }) => event.output }) },
        onError: [
          {
            guard: 'needsInvitation',
            target: 'Unauthorized',
            description: 'The identity is valid but has no active access.',
          },
          { target: 'Failed' },
        ],
      },
    },
    RedirectingToLogin: {
      description: 'The browser is leaving for the login page, with a redirect back here.',
      tags: ['busy'],
      entry: 'redirectToLogin',
      type: 'final',
    },
    Authorized: {
      description: 'The user is known: the app shell renders.',
      on: { 'user.updated': { actions: assign({ user: ({ event }) => event.user }) } },
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
