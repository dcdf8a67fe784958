// Keeps the access token valid (spec §4, Authentication): refreshed before it expires, and after a 401 once,
// shared by every request that failed meanwhile; a failed refresh signs out; a 401 while logged in as
// another user ends that session. Started by the boot actor with the session it found: the one owner of the token.
import { assign, fromPromise, not, setup, type DoneStateEvent } from 'xstate';
import type { SessionToken } from '../../services/session-token';
import { notImplemented } from '../not-implemented';

export type AuthEvent =
  /** A request carrying `token` answered 401 (not NeedsInvitation). */
  | { type: 'token.rejected'; token: string }
  /** A request answered 401 NeedsInvitation: the account was disabled or lost its access. */
  | { type: 'access.lost' };

/** How the session ended: the machine's output, read by the boot actor that runs it. */
export type AuthEnding = 'signedOut' | 'accessLost' | 'impersonationEnded';

/** Refresh this long before the token expires, so that requests rarely meet an expired one. */
const refreshMarginSeconds = 60;

export const authMachine = setup({
  types: {
    input: {} as SessionToken,
    context: {} as SessionToken,
    events: {} as AuthEvent,
    output: {} as AuthEnding,
  },
  actors: {
    refreshToken: fromPromise<SessionToken>(() => notImplemented('refreshToken')),
  },
  actions: {
    clearStoredToken: () => notImplemented('clearStoredToken'),
    redirectToLogin: () => notImplemented('redirectToLogin'),
  },
  guards: {
    isStaleToken: ({ context, event }) => event.type === 'token.rejected' && event.token !== context.token,
    isImpersonating: ({ context }) => context.impersonated,
  },
  delays: {
    refreshBeforeExpiry: ({ context }) => Math.max(0, context.expiresIn - refreshMarginSeconds) * 1000,
  },
}).createMachine({
  id: 'auth',
  description: 'The access token every API call carries.',
  context: ({ input }) => ({ ...input }),
  // The output of the final state reached.
  output: ({ event }) => (event as DoneStateEvent<AuthEnding>).output,
  initial: 'SignedIn',
  states: {
    SignedIn: {
      description: 'The token is believed valid; requests use it.',
      after: {
        refreshBeforeExpiry: {
          guard: not('isImpersonating'),
          target: 'Refreshing',
          description: 'Renew the token a minute before it expires.',
        },
      },
      on: {
        'access.lost': {
          target: 'AccessLost',
          description: 'Spec §8: NeedsInvitation leads to the unauthorized page, at start or later.',
        },
        'token.rejected': [
          {
            guard: 'isStaleToken',
            description:
              'An older token was rejected: a refresh already happened, requests retry with the new one.',
          },
          {
            guard: 'isImpersonating',
            target: 'ImpersonationEnded',
            description: 'A token of another user cannot be refreshed.',
          },
          {
            target: 'Refreshing',
            description: 'Refresh once; every request waiting retries with the new token.',
          },
        ],
      },
    },
    Refreshing: {
      description: 'Exchanging the refresh cookie for a new token; further 401s wait for this refresh.',
      tags: ['refreshing'],
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: {
          target: 'SignedIn',
          actions: assign(({ event }) => ({ token: event.output.token, expiresIn: event.output.expiresIn })),
          description: 'Requests carry the new token; the next refresh is scheduled from its lifetime.',
        },
        onError: { target: 'SignedOut', description: 'The session is over: log in again.' },
      },
    },
    SignedOut: {
      description: 'The token is cleared and the browser leaves for the login page, with a redirect back.',
      entry: ['clearStoredToken', 'redirectToLogin'],
      type: 'final',
      output: 'signedOut',
    },
    AccessLost: {
      description:
        'The boot actor shows the unauthorized page instead of the app: access needs an invitation.',
      type: 'final',
      output: 'accessLost',
    },
    ImpersonationEnded: {
      description: 'The stored token of the other user is cleared; the failing request fails.',
      entry: 'clearStoredToken',
      type: 'final',
      output: 'impersonationEnded',
    },
  },
});
