// Connectivity (spec §2, §8): going offline changes nothing on screen until the user moves to another route;
// from then on the offline screen shows until the browser is back online.
import { fromCallback, setup } from 'xstate';
import { notImplemented } from '../not-implemented';

export type ConnectivityEvent =
  { type: 'browser.offline' } | { type: 'browser.online' } | { type: 'route.changed' };

export const connectivityMachine = setup({
  types: {
    input: {} as { online: boolean },
    context: {} as { startedOnline: boolean },
    events: {} as ConnectivityEvent,
  },
  actors: {
    watchBrowser: fromCallback<ConnectivityEvent>(() => notImplemented('watchBrowser')),
  },
  guards: {
    startedOnline: ({ context }) => context.startedOnline,
  },
}).createMachine({
  id: 'connectivity',
  description: 'Whether the offline screen replaces the page.',
  context: ({ input }) => ({ startedOnline: input.online }),
  invoke: {
    id: 'watchBrowser',
    src: 'watchBrowser',
    onError: { target: '.Online', description: 'The browser cannot be watched: never block the app.' },
  },
  initial: 'Starting',
  states: {
    Starting: {
      description: 'Picks the first state from what the browser said at start.',
      always: [{ guard: 'startedOnline', target: 'Online' }, { target: 'OfflineUnnoticed' }],
    },
    Online: {
      description: 'The page shows normally.',
      on: { 'browser.offline': 'OfflineUnnoticed' },
    },
    OfflineUnnoticed: {
      description: 'Offline, but the current page stays until the user navigates.',
      on: {
        'route.changed': 'OfflineScreen',
        'browser.online': 'Online',
      },
    },
    OfflineScreen: {
      description: '"You are offline." until the browser is online again.',
      tags: ['offline'],
      on: { 'browser.online': 'Online' },
    },
  },
});
