// What views read from the notifications actor.
import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './machine';

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

export const selectIsPanelOpen = (snapshot: NotificationsSnapshot) => snapshot.hasTag('panelOpen');
export const selectIsLoading = (snapshot: NotificationsSnapshot) => snapshot.hasTag('loading');
export const selectHasError = (snapshot: NotificationsSnapshot) => snapshot.hasTag('error');
export const selectItems = (snapshot: NotificationsSnapshot) => snapshot.context.items;
/** The menu's "has new notifications" icon: a push arrived, or something is unread. */
export const selectHasNew = (snapshot: NotificationsSnapshot) =>
  snapshot.matches('Available') &&
  (snapshot.context.hasNew || snapshot.context.items.some((item) => !item.read));
