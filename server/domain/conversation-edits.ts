// Rules for changing a conversation after its import: who may become its agent, and how a call's transcript is
// edited (text and speakers only, against the version the editor read).
import type { ConversationStatus, TranscriptUpdate, Turn } from '../../contract/conversations';
import type { ConversationType } from '../../contract/enums';
import { Conflict, NotFound, Unprocessable } from '../errors';
import type { UserRecord } from './access/principal';

/** Throws 422 unless the user is an agent of the organisation (unknown ids fail alike). */
export function assertAgentOfOrganisation(
  candidate: Pick<UserRecord, 'role' | 'organisationId'> | undefined,
  organisationId: string,
) {
  if (candidate?.role !== 'agent' || candidate.organisationId !== organisationId) {
    throw new Unprocessable("agent_id is not an agent of the campaign's organisation");
  }
}

/** `/calls/{id}` routes name calls: a chat or an email there is not found, like an unknown id. */
export function assertIsCall(conversation: { type: ConversationType }) {
  if (conversation.type !== 'call') throw new NotFound('Call');
}

/**
 * The call's turns with the edited text and speakers; timestamps stay as they were. Refuses a save made from an
 * older version than the stored one (409), a call still being transcribed (409: its transcript is about to be
 * replaced), and a different number of segments (422: segments are edited, never added or removed, so that
 * each keeps its place in the recording).
 */
export function editTranscript(
  stored: { turns: Turn[]; transcriptVersion: number; status: ConversationStatus },
  update: TranscriptUpdate,
): Turn[] {
  if (update.transcript_version !== stored.transcriptVersion) {
    throw new Conflict(
      'This transcript was changed by someone else since you opened it: reload it to see their changes',
    );
  }
  if (stored.status === 'transcribing') {
    throw new Conflict('This call is still being transcribed: its transcript cannot be edited yet');
  }
  if (update.segments.length !== stored.turns.length) {
    throw new Unprocessable(
      `The transcript has ${stored.turns.length} segments; the edit sends ${update.segments.length}`,
    );
  }
  return stored.turns.map((turn, index) => {
    const { speaker, text } = update.segments[index] ?? turn;
    // A turn's sentiment was judged on its old text; the new analysis judges the new one.
    const changed = speaker !== turn.speaker || text !== turn.text;
    return changed ? { ...turn, speaker, text, sentiment: null } : turn;
  });
}

/** The text the list's free-text search reads: every turn's subject and text, one per line. */
export function searchTextOf(turns: readonly Turn[]): string {
  return turns.flatMap((turn) => (turn.subject ? [turn.subject, turn.text] : [turn.text])).join('\n');
}
