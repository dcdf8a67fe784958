// What views read from the boot actor.
import type { SnapshotFrom } from 'xstate';
import type { bootMachine } from './machine';

type BootSnapshot = SnapshotFrom<typeof bootMachine>;

export const selectUser = (snapshot: BootSnapshot) => snapshot.context.user;
/** The session's auth actor, once the app shell may render. */
export const selectAuth = (snapshot: BootSnapshot) =>
  snapshot.matches({ Authorized: 'Ready' }) ? (snapshot.children.auth ?? null) : null;
export const selectOutcome = (snapshot: BootSnapshot) =>
  snapshot.matches('Unauthorized') ? 'unauthorized' : snapshot.matches('Failed') ? 'error' : null;
