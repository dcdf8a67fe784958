// The notifications machine's side effects: the API, the live channel and navigation.
import { map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { notificationSchema, Notification } from '../../../contract/notifications';
import type { LiveMessage } from '../../../contract/live';
import type { ApiClient, PageSchema } from '../../services/api-client';
import { pushedNotifications } from '../../services/live/streams';
import type { NotificationsEvent } from './machine';

export interface NotificationsServices {
  api: ApiClient;
  liveMessages: Observable<LiveMessage>;
  navigate(path: string): void;
}

type NotificationPageSchema = PageSchema<typeof notificationSchema>;

export const createNotificationsImplementations = ({
  api,
  liveMessages,
  navigate,
}: NotificationsServices) => ({
  actors: {
    loadNotifications: fromPromise<Notification[]>(async () => {
      const page = await api.request<NotificationPageSchema>('/notifications', { query: { limit: 50 } });
      return page.items;
    }),
    liveNotifications: fromEventObservable<NotificationsEvent, void>(() =>
      pushedNotifications(liveMessages).pipe(
        map((notification): NotificationsEvent => ({ type: 'ws.notification', notification })),
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
    openReviewQueue: () => navigate('/reviews'),
  },
});
