// What views read from the connectivity actor.
import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './machine';

export const selectShowsOffline = (snapshot: SnapshotFrom<typeof connectivityMachine>) =>
  snapshot.hasTag('offline');
