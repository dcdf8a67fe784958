// The live channel cut into what each consumer follows: one conversation's messages, one campaign's, the
// pushed notifications. Machines turn these into their own flow events; the cache mappings live beside this file.
import { filter, map, type Observable } from 'rxjs';
import type { ConversationProgress, LiveMessage } from '../../../contract/live';
import type { Notification } from '../../../contract/notifications';

const isConversationMessage = (message: LiveMessage): message is ConversationProgress =>
  message.type === 'conversation';

/** What the live channel says about one conversation's work. */
export const conversationMessages = (
  liveMessages: Observable<LiveMessage>,
  conversationId: string,
): Observable<ConversationProgress> =>
  liveMessages.pipe(
    filter(isConversationMessage),
    filter((message) => message.conversation_id === conversationId),
  );

/** What the live channel says about the work on a campaign's conversations. */
export const campaignMessages = (
  liveMessages: Observable<LiveMessage>,
  campaignId: string,
): Observable<ConversationProgress> =>
  liveMessages.pipe(
    filter(isConversationMessage),
    filter((message) => message.campaign_id === campaignId),
  );

/** The notifications the server pushes, each whole (the same shape as the list's items). */
export const pushedNotifications = (liveMessages: Observable<LiveMessage>): Observable<Notification> =>
  liveMessages.pipe(
    filter((message) => message.type === 'notification'),
    map((message) => message.notification),
  );
