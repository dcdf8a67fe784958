// What the API client and views read from the auth actor.
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './machine';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const selectToken = (snapshot: AuthSnapshot) => snapshot.context.token;
export const selectIsImpersonated = (snapshot: AuthSnapshot) => snapshot.context.impersonated;
export const selectIsRefreshing = (snapshot: AuthSnapshot) => snapshot.hasTag('refreshing');
export const selectIsSignedIn = (snapshot: AuthSnapshot) => snapshot.matches('SignedIn');
