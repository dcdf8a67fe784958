// The live channel cut into what each consumer follows: one conversation's messages, one campaign's, the
// pushed notifications, and a campaign's gathered in batches for the list. Machines turn these into their own flow
// events; the cache mappings live beside this file.
import { auditTime, buffer, connect, filter, map, type Observable, type OperatorFunction } from 'rxjs';
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

/** How long a burst of a campaign's messages gathers before the list applies it, all at once. */
export const campaignBatchMs = 200;

/**
 * The messages in batches: a batch starts with a message and closes `windowMs` later with every message that came
 * meanwhile, so a burst costs one render; no timer runs while nothing comes.
 */
export const inBatches =
  <T>(windowMs: number): OperatorFunction<T, T[]> =>
  (source) =>
    source.pipe(connect((shared) => shared.pipe(buffer(shared.pipe(auditTime(windowMs))))));

/** What the live channel says about the work on a campaign's conversations, a burst at a time. */
export const campaignMessageBatches = (
  liveMessages: Observable<LiveMessage>,
  campaignId: string,
): Observable<ConversationProgress[]> =>
  campaignMessages(liveMessages, campaignId).pipe(inBatches(campaignBatchMs));

/** The notifications the server pushes, each whole (the same shape as the list's items). */
export const pushedNotifications = (liveMessages: Observable<LiveMessage>): Observable<Notification> =>
  liveMessages.pipe(
    filter((message) => message.type === 'notification'),
    map((message) => message.notification),
  );
