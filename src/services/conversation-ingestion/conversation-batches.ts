// Splits a file's conversations into the batches `POST /campaigns/{id}/conversations/batch` takes: as few as the
// batch limits allow (one for most files, which is then stored all or none), in the file's order.
import {
  conversationBatchMaxBytes,
  conversationBatchMaxItems,
} from '../../../contract/conversation-ingestion';

/** Room left in a batch's body for its envelope (`{"conversations":[…]}`) and the commas between items. */
const envelopeBytes = 64;

const jsonBytes = (value: unknown) => new Blob([JSON.stringify(value)]).size;

export function conversationBatches<Item extends { conversation: unknown }>(
  items: readonly Item[],
): Item[][] {
  const batches: Item[][] = [];
  let batch: Item[] = [];
  let bytes = envelopeBytes;
  for (const item of items) {
    const size = jsonBytes(item.conversation) + 1;
    if (
      batch.length > 0 &&
      (batch.length === conversationBatchMaxItems || bytes + size > conversationBatchMaxBytes)
    ) {
      batches.push(batch);
      batch = [];
      bytes = envelopeBytes;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
