// A file's conversations split into the batches the batch endpoint takes: one for a file within the limits, else
// as few as the item and byte limits allow, in the file's order.
import { describe, expect, it } from 'vitest';
import {
  conversationBatchMaxBytes,
  conversationBatchMaxItems,
} from '../../../contract/conversation-ingestion';
import { conversationBatches } from '../../../src/services/conversation-ingestion/conversation-batches';

const items = (count: number, text = 'Hello') =>
  Array.from({ length: count }, (_, n) => ({ label: `#${n}`, conversation: { n, text } }));

describe('conversationBatches', () => {
  it('sends a file within the limits as one batch', () => {
    const file = items(3);
    expect(conversationBatches(file)).toEqual([file]);
  });

  it('splits at the item limit, keeping the order', () => {
    const batches = conversationBatches(items(conversationBatchMaxItems * 2 + 1));
    expect(batches.map((batch) => batch.length)).toEqual([
      conversationBatchMaxItems,
      conversationBatchMaxItems,
      1,
    ]);
    expect(batches.flat().map(({ conversation }) => conversation.n)).toEqual(
      Array.from({ length: conversationBatchMaxItems * 2 + 1 }, (_, n) => n),
    );
  });

  it('splits before a batch body would pass the byte limit, counting multibyte characters', () => {
    const text = 'é'.repeat(conversationBatchMaxBytes / 8);
    const batches = conversationBatches(items(5, text));
    expect(batches.map((batch) => batch.length)).toEqual([3, 2]);
    for (const batch of batches) {
      const body = JSON.stringify({ conversations: batch.map(({ conversation }) => conversation) });
      expect(new Blob([body]).size).toBeLessThanOrEqual(conversationBatchMaxBytes);
    }
  });
});
