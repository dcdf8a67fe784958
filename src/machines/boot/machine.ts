// App start (spec §4): a token from this tab's storage (logged in as another user) or from the login service,
// then the current user; ends authorized, unauthorized (no invitation), at the login page, or in error.
import { assign, fromPromise, setup } from 'xstate';
import type { CurrentUser } from '../../../contract/users';

export interface LoadedToken {
  token: string;
  /** True when the token came from this tab's storage: an admin logged in as another user. */
  impersonated: boolean;
}

export interface BootContext {
  token: string | null;
  impersonated: boolean;
  user: CurrentUser | null;
}

export const bootMachine = setup({
  types: {
    context: {} as BootContext,
  },
  actors: {
    loadToken: fromPromise<LoadedToken>(async () => {
      throw new Error('loadToken is provided by the app');
    }),
    loadCurrentUser: fromPromise<CurrentUser, { token: string }>(async () => {
      throw new Error('loadCurrentUser is provided by the app');
    }),
  },
  actions: {
    redirectToLogin: () => {},
  },
  guards: {
    needsInvitation: ({ event }) =>
      'error' in event && (event.error as { detail?: unknown } | undefined)?.detail === 'NeedsInvitation',
  },
}).createMachine({
  id: 'boot',
  description: 'Finds who is using the app before anything is shown.',
  initial: 'LoadingToken',
  context: { token: null, impersonated: false, user: null },
  states: {
    LoadingToken: {
      description: "Reads this tab's impersonation token, or asks the login service for one with the cookie.",
      tags: ['busy'],
      invoke: {
        id: 'loadToken',
        src: 'loadToken',
        onDone: {
          target: 'LoadingUser',
          actions: assign(({ event }) => ({
            token: event.output.token,
            impersonated: event.output.impersonated,
          })),
        },
        onError: { target: 'RedirectingToLogin', description: 'No session: the user must log in.' },
      },
    },
    LoadingUser: {
      description: 'Loads the current user with the token.',
      tags: ['busy'],
      invoke: {
        id: 'loadCurrentUser',
        src: 'loadCurrentUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
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
      type: 'final',
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
