// Reads the conversations an export writes in keyset batches, so that a million rows never sit in memory at once.
import type { Database } from '../../db/client';
import type { ConversationCriteria } from '../../domain/conversation-criteria';
import {
  listConversations,
  type ConversationSort,
  type ListCursor,
  type ListedConversationRow,
} from '../list-store';

export const exportBatchSize = 1000;

/**
 * The matching conversations in `sort` order, a batch at a time. Each batch is its own query (no transaction is
 * held open for the length of a download, which on PGlite would stall every other request), so a conversation
 * added or changed meanwhile may or may not be in the file.
 */
export async function* conversationBatches(
  db: Database,
  criteria: ConversationCriteria,
  sort: ConversationSort,
): AsyncGenerator<ListedConversationRow[]> {
  let after: ListCursor | null = null;
  for (;;) {
    const batch = await listConversations(db, criteria, { sort, after, limit: exportBatchSize });
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (!last || batch.length < exportBatchSize) return;
    after = { startedAt: last.cursorStartedAt, id: last.id };
  }
}
