// The conversation-ingestion machine's side effects: sending a batch (its files read, checked and posted by
// `runUpload`), reported file by file, and reading the conversation lists again.
import { Observable } from 'rxjs';
import { fromEventObservable } from 'xstate';
import type { ApiClient } from '../../services/api-client';
import type { ItemChangedEvent, SendBatchInput } from './machine';

export interface ConversationIngestionServices {
  api: ApiClient;
  /** Reads the conversation lists again. */
  refreshConversations(): void;
}

/**
 * A batch's upload as a stream of its files' changes, ending when the batch has. Leaving the page stops listening,
 * not sending: the files of the batch already under way still go.
 */
export const sendBatch = (api: ApiClient, { kind, files, ...batch }: SendBatchInput) =>
  new Observable<ItemChangedEvent>((subscriber) => {
    // The file readers (CSV, e-mail, JSON) load with the first batch, not with the page: a visit may only look.
    import('../../services/conversation-ingestion/run-upload')
      .then(({ runUpload }) =>
        runUpload(kind, files, {
          ...batch,
          api,
          update: (id, change) => subscriber.next({ type: 'item.changed', id, change }),
        }),
      )
      .then(
        () => subscriber.complete(),
        (error: unknown) => subscriber.error(error),
      );
  });

export const createConversationIngestionImplementations = ({
  api,
  refreshConversations,
}: ConversationIngestionServices) => ({
  actors: {
    sendBatch: fromEventObservable<ItemChangedEvent, SendBatchInput>(({ input }) => sendBatch(api, input)),
  },
  actions: { refreshConversations: () => refreshConversations() },
});
