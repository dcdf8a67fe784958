// Notifications (spec §2, §4): loaded at start and when the panel opens, for non-admin users on wide screens;
// a click marks one read (the server is told, a failure ignored) and opens its conversation; a push on the
// live channel is trusted as it comes (the whole notification, the list's own item shape): it is added to the list
// and marks "new", with no reload.
import { assign, fromEventObservable, fromPromise, raise, setup } from 'xstate';
import type { Notification } from '../../../contract/notifications';
import { notImplemented } from '../not-implemented';

export interface NotificationsInput {
  admin: boolean;
  mobile: boolean;
}

export interface NotificationsContext {
  admin: boolean;
  mobile: boolean;
  items: Notification[];
  /** A push arrived since the panel was last opened. */
  hasNew: boolean;
  /** Ids opened in this session: a list loaded before the server recorded them must not show them unread. */
  openedIds: string[];
  /** Ids pushed in this session: a list read before the server stored them must not drop them. */
  pushedIds: string[];
}

export type NotificationsEvent =
  | { type: 'panel.toggle' }
  | { type: 'panel.close' }
  | { type: 'notification.open'; notification: Notification }
  | { type: 'ws.notification'; notification: Notification }
  | { type: 'list.load' }
  | { type: 'viewport.changed'; mobile: boolean };

export const notificationsMachine = setup({
  types: {
    input: {} as NotificationsInput,
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    loadNotifications: fromPromise<Notification[]>(() => notImplemented('loadNotifications')),
    liveNotifications: fromEventObservable<NotificationsEvent, void>(() =>
      notImplemented('liveNotifications'),
    ),
  },
  actions: {
    markReadOnServer: (_, _params: { id: string }) => notImplemented('markReadOnServer'),
    openConversation: (_, _params: { conversationId: string }) => notImplemented('openConversation'),
    openReviewQueue: () => notImplemented('openReviewQueue'),
    markOpened: assign({
      items: ({ context, event }) =>
        event.type === 'notification.open'
          ? context.items.map((item) => (item.id === event.notification.id ? { ...item, read: true } : item))
          : context.items,
      openedIds: ({ context, event }) =>
        event.type === 'notification.open'
          ? [...context.openedIds, event.notification.id]
          : context.openedIds,
    }),
  },
  guards: {
    isReviewsAssigned: ({ event }) =>
      event.type === 'notification.open' && event.notification.type === 'REVIEWS_ASSIGNED',
    isAvailable: ({ context }) => !context.admin && !context.mobile,
    crossesMobileWidth: ({ context, event }) =>
      event.type === 'viewport.changed' && event.mobile !== context.mobile,
  },
}).createMachine({
  id: 'notifications',
  description: "The user's notifications and the panel that shows them.",
  context: ({ input }) => ({
    admin: input.admin,
    mobile: input.mobile,
    items: [],
    hasNew: false,
    openedIds: [],
    pushedIds: [],
  }),
  initial: 'Deciding',
  on: {
    'viewport.changed': {
      guard: 'crossesMobileWidth',
      target: '.Deciding',
      actions: assign({ mobile: ({ event }) => event.mobile }),
      description: 'Crossing the mobile width turns the panel and the loading off or on.',
    },
  },
  states: {
    Deciding: {
      description: 'Admins see no notifications; mobile widths have no panel.',
      always: [{ guard: 'isAvailable', target: 'Available' }, { target: 'Unavailable' }],
    },
    Unavailable: {
      description: 'Nothing is loaded or shown (admin, or a mobile width).',
    },
    Available: {
      description: 'The list follows the server and the live channel; the panel opens on demand.',
      type: 'parallel',
      invoke: {
        id: 'liveNotifications',
        src: 'liveNotifications',
        onError: { description: 'The live channel retries by itself; nothing to do here.' },
      },
      states: {
        Panel: {
          description: 'Whether the panel is shown.',
          initial: 'Closed',
          states: {
            Closed: {
              description: 'Only the menu entry shows; its icon tells whether something is new.',
              on: {
                'panel.toggle': {
                  target: 'Open',
                  actions: [assign({ hasNew: false }), raise({ type: 'list.load' })],
                  description: 'Opening the panel reloads the list.',
                },
              },
            },
            Open: {
              description: 'The 350×450 panel at the bottom right.',
              tags: ['panelOpen'],
              on: {
                'panel.toggle': 'Closed',
                'panel.close': 'Closed',
                'notification.open': [
                  {
                    guard: 'isReviewsAssigned',
                    target: 'Closed',
                    actions: [
                      'markOpened',
                      {
                        type: 'markReadOnServer',
                        params: ({ event }) => ({ id: event.notification.id }),
                      },
                      'openReviewQueue',
                    ],
                    description: 'Conversations given to review open the review queue, where they wait.',
                  },
                  {
                    target: 'Closed',
                    actions: [
                      'markOpened',
                      {
                        type: 'markReadOnServer',
                        params: ({ event }) => ({ id: event.notification.id }),
                      },
                      {
                        type: 'openConversation',
                        params: ({ event }) => ({ conversationId: event.notification.conversation_id }),
                      },
                    ],
                  },
                ],
              },
            },
          },
        },
        List: {
          description: "The user's notifications as last loaded, plus pushes.",
          initial: 'Loading',
          on: {
            'ws.notification': {
              actions: assign({
                hasNew: true,
                items: ({ context, event }) => [
                  event.notification,
                  ...context.items.filter((item) => item.id !== event.notification.id),
                ],
                pushedIds: ({ context, event }) => [...context.pushedIds, event.notification.id],
              }),
              description: 'A push is added to the list as it comes and marks new; nothing is read again.',
            },
          },
          states: {
            // list.load is handled by each state, not by List: a re-entering transition declared on List would
            // re-enter the whole parallel state and close the panel.
            Loading: {
              description: '"Loading..." while the list is fetched.',
              tags: ['loading'],
              invoke: {
                id: 'loadNotifications',
                src: 'loadNotifications',
                onDone: {
                  target: 'Loaded',
                  actions: assign({
                    items: ({ context, event }) => [
                      ...context.items.filter(
                        (item) =>
                          context.pushedIds.includes(item.id) &&
                          !event.output.some((loaded) => loaded.id === item.id),
                      ),
                      ...event.output.map((item) =>
                        context.openedIds.includes(item.id) ? { ...item, read: true } : item,
                      ),
                    ],
                  }),
                },
                onError: { target: 'Failed' },
              },
              on: { 'list.load': { target: 'Loading', reenter: true, description: 'Start the load again.' } },
            },
            Loaded: {
              description: 'The list, "No notifications." when empty.',
              on: { 'list.load': 'Loading' },
            },
            Failed: {
              description: '"Error loading notifications."',
              tags: ['error'],
              on: { 'list.load': 'Loading' },
            },
          },
        },
      },
    },
  },
});
