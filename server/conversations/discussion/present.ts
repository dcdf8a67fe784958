// Turns a stored discussion message into the API's message shape.
import type { DiscussionMessage } from '../../../contract/discussion';
import { toUnixSeconds } from '../../db/time';
import type { DiscussionMessageRow } from './store';

export const toDiscussionMessage = (
  row: DiscussionMessageRow,
  author: { id: string; name: string } | null,
): DiscussionMessage => ({
  id: row.id,
  conversation_id: row.conversationId,
  author: author && { id: author.id, name: author.name },
  body: row.body,
  mentions: row.mentions,
  created_at: toUnixSeconds(row.createdAt),
});
