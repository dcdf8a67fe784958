// One conversation as a downloadable file: the conversation with its turns and metadata, and its discussion; with
// `redact` (the campaign's `redact_exports`), the turns, the metadata values and the discussion redacted.
import type { ConversationFile } from '../../contract/conversations';
import { toUnixSeconds } from '../db/time';
import { redacted } from '../redaction/redact';
import { redactTurns } from '../redaction/turns';
import type { listDiscussionMessages } from './discussion/store';
import { toConversation, type ConversationRow } from './present';

type DiscussionRows = Awaited<ReturnType<typeof listDiscussionMessages>>;

export function toConversationFile(
  conversation: ConversationRow,
  discussion: DiscussionRows,
  { redact }: { redact: boolean },
  now = new Date(),
): ConversationFile {
  const text = redact ? redacted : (value: string) => value;
  const whole = toConversation(conversation);
  return {
    exported_at: toUnixSeconds(now),
    conversation: redact
      ? {
          ...whole,
          turns: redactTurns(whole.turns),
          metadata: Object.fromEntries(
            Object.entries(whole.metadata).map(([key, value]) => [key, text(value)]),
          ),
        }
      : whole,
    discussion: discussion.map(({ message, authorName }) => ({
      id: message.id,
      author: message.authorId ? { id: message.authorId, name: authorName ?? '' } : null,
      body: text(message.body),
      mentions: message.mentions,
      created_at: toUnixSeconds(message.createdAt),
    })),
  };
}
