// Posting a discussion message: the message and the notifications of the users it mentions, together.
import { notificationExcerptLength } from '../../../contract/notifications';
import type { Database } from '../../db/client';
import { excerptOf } from '../../domain/excerpt';
import type { LiveHub } from '../../live/hub';
import { createNotification } from '../../notifications/store';
import { insertDiscussionMessage } from './store';

/**
 * Stores the message and notifies each mentioned user but the author, in one transaction: the message and its
 * notifications exist together or not at all, and the live pushes (NOTIFY) go out only when it commits.
 */
export function postMessage(
  db: Database,
  hub: LiveHub,
  message: { conversationId: string; authorId: string; body: string; mentions: string[] },
) {
  return db.transaction(async (tx) => {
    const row = await insertDiscussionMessage(tx, message);
    for (const mentionedId of message.mentions) {
      if (mentionedId === message.authorId) continue;
      await createNotification(tx, hub, {
        type: 'MENTIONED_IN_CONVERSATION',
        userId: mentionedId,
        conversationId: message.conversationId,
        mentionedById: message.authorId,
        excerpt: excerptOf(message.body, notificationExcerptLength),
      });
    }
    return row;
  });
}
