// An upload page's actor: the session's, started on the page's first visit with the machine's implementations.
import { useQueryClient } from '@tanstack/react-query';
import { createActor } from 'xstate';
import type { UploadKind } from '../../services/conversation-ingestion/upload-items';
import { useServices } from '../../services/services-context';
import { createConversationIngestionImplementations } from './actors';
import { conversationIngestionMachine } from './machine';
import { useSessionUploads, type ConversationIngestionActor } from './provider';

/** The session's upload actor of this page, started on first use. */
export function useConversationIngestion(kind: UploadKind, campaignId: string): ConversationIngestionActor {
  const uploads = useSessionUploads();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const key = `${kind}:${campaignId}`;
  const running = uploads.get(key);
  if (running) return running;
  const logic = conversationIngestionMachine.provide(
    createConversationIngestionImplementations({
      api,
      refreshConversations: () => void queryClient.invalidateQueries({ queryKey: ['conversations'] }),
    }),
  );
  const upload = createActor(logic, { input: { kind, campaignId } }).start();
  uploads.set(key, upload);
  return upload;
}
