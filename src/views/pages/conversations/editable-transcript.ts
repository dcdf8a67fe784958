// Whether a conversation's transcript may be corrected: asked by the review screen's actions and by the transcript's
// editor, in a module of its own so that the editor does not share the review screen's actions' chunk.
import type { Conversation } from '../../../../contract/conversations';

/** Whether the conversation has a transcript to correct: a call whose transcription is over. */
export const hasEditableTranscript = (conversation: Conversation): boolean =>
  conversation.type === 'call' && conversation.turns.length > 0 && conversation.status !== 'transcribing';
