// Conversation actions that span several queries, a transaction or stored files: correcting the agent and
// metadata, saving an edited transcript with its new analysis, deleting a conversation with its audio.
import type { TranscriptUpdate, UpdateConversation } from '../../contract/conversations';
import type { ConversationPipeline } from '../context';
import type { Database } from '../db/client';
import { assertAgentOfOrganisation, editTranscript, searchTextOf } from '../domain/conversation-edits';
import type { FileStorage } from '../storage/files';
import {
  deleteConversation,
  findAgentCandidate,
  lockTranscript,
  updateConversation,
  writeTranscript,
  type FoundConversation,
} from './store';

/** Sets the agent (one of the campaign's organisation, else 422) and replaces the metadata, as asked. */
export async function correctConversation(
  db: Database,
  conversation: FoundConversation,
  { agent_id: agentId, metadata }: UpdateConversation,
) {
  if (agentId !== undefined) {
    assertAgentOfOrganisation(await findAgentCandidate(db, agentId), conversation.organisationId);
  }
  await updateConversation(db, conversation.id, {
    ...(agentId === undefined ? {} : { agentId }),
    ...(metadata === undefined ? {} : { metadata }),
  });
}

/**
 * Saves the edited segments if the editor read the stored version (else 409), and tells the pipeline in the same
 * transaction (the new text is analysed), so an edit is never left without its analysis.
 */
export function saveTranscript(
  {
    db,
    pipeline,
  }: { db: Database; pipeline: Pick<ConversationPipeline, 'afterTranscriptEdit' | 'storedTurns'> },
  conversationId: string,
  update: TranscriptUpdate,
) {
  return db.transaction(async (tx) => {
    const stored = await lockTranscript(tx, conversationId);
    // A person's edit is stored as any transcript is: redacted when the campaign stores text redacted.
    const turns = pipeline.storedTurns(stored, editTranscript(stored, update));
    await writeTranscript(tx, conversationId, turns, searchTextOf(turns));
    await pipeline.afterTranscriptEdit(tx, conversationId);
  });
}

/** Deletes the conversation, then its recording (a file left by a failed removal is only wasted space). */
export async function removeConversation(
  { db, files }: { db: Database; files: FileStorage },
  conversationId: string,
) {
  const audioKey = await deleteConversation(db, conversationId);
  if (audioKey) await files.delete(audioKey);
}
