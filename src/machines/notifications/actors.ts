// The notifications machine's side effects: the API, the live channel and navigation.
import { filter, map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import { pageSchema } from '../../../contract/common';
import { notificationSchema, type LiveMessage, type Notification } from '../../../contract/notifications';
import type { ApiClient } from '../../services/api-client';
import type { NotificationsEvent } from './machine';

export interface NotificationsServices {
  api: ApiClient;
  liveMessages: Observable<LiveMessage>;
  navigate(path: string): void;
}

const notificationPageSchema = pageSchema(notificationSchema);

export const createNotificationsImplementations = ({
  api,
  liveMessages,
  navigate,
}: NotificationsServices) => ({
  actors: {
    loadNotifications: fromPromise<Notification[]>(async () => {
      const page = await api.request('/notifications', notificationPageSchema, { query: { limit: 50 } });
      return page.items;
    }),
    liveNotifications: fromEventObservable<NotificationsEvent, void>(() =>
      liveMessages.pipe(
        filter(
          (message): message is Extract<LiveMessage, { type: 'notification' }> =>
            message.type === 'notification',
        ),
        map((message): NotificationsEvent => ({
          type: 'ws.notification',
          notification: message.notification,
        })),
      ),
    ),
  },
  actions: {
    // Spec §8: a failure to mark read is silently ignored; the local copy is already read.
    markReadOnServer: (_: unknown, { id }: { id: string }) => {
      api.send(`/notifications/${id}/read`, { method: 'PUT' }).catch(() => undefined);
    },
    openConversation: (_: unknown, { conversationId }: { conversationId: string }) =>
      navigate(`/conversations/${conversationId}`),
  },
});
