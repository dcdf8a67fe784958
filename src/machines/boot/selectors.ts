// What views read from the boot actor.
import type { SnapshotFrom } from 'xstate';
import type { bootMachine } from './machine';

type BootSnapshot = SnapshotFrom<typeof bootMachine>;

export const selectUser = (snapshot: BootSnapshot) => snapshot.context.user;
export const selectToken = (snapshot: BootSnapshot) => snapshot.context.token;
export const selectOutcome = (snapshot: BootSnapshot) =>
  snapshot.matches('Unauthorized') ? 'unauthorized' : snapshot.matches('Failed') ? 'error' : null;
