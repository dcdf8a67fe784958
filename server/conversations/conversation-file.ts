// One conversation as a downloadable file: the conversation with its turns and metadata, and its discussion.
import type { ConversationFile } from '../../contract/conversations';
import { toUnixSeconds } from '../db/time';
import type { listDiscussionMessages } from './discussion/store';
import { toConversation, type ConversationRow } from './present';

type DiscussionRows = Awaited<ReturnType<typeof listDiscussionMessages>>;

export function toConversationFile(
  conversation: ConversationRow,
  discussion: DiscussionRows,
  now = new Date(),
): ConversationFile {
  return {
    exported_at: toUnixSeconds(now),
    conversation: toConversation(conversation),
    discussion: discussion.map(({ message, authorName }) => ({
      id: message.id,
      author: message.authorId ? { id: message.authorId, name: authorName ?? '' } : null,
      body: message.body,
      mentions: message.mentions,
      created_at: toUnixSeconds(message.createdAt),
    })),
  };
}
