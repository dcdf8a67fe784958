// The signed-in session's conversation uploads: one actor per upload page (a kind of conversation in a
// campaign), started the first time the page opens and kept for the session, so that files queued on a page are
// still sent when the person moves on, and the page shows where they stand when the person comes back. They stop
// with the session's auth actor (sign-out, access lost).
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createActor, type Actor } from 'xstate';
import type { AuthActor } from '../../services/api-client';
import type { UploadKind } from '../../services/conversation-ingestion/upload-items';
import { useServices } from '../../services/services-context';
import { createConversationIngestionImplementations } from './actors';
import { conversationIngestionMachine } from './machine';

export type ConversationIngestionActor = Actor<typeof conversationIngestionMachine>;

type UploadOfPage = (kind: UploadKind, campaignId: string) => ConversationIngestionActor;

const ConversationIngestionsContext = createContext<UploadOfPage | null>(null);

export function ConversationIngestionsProvider({
  session,
  children,
}: {
  session: AuthActor;
  children: ReactNode;
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [uploadOfPage] = useState((): UploadOfPage => {
    const logic = conversationIngestionMachine.provide(
      createConversationIngestionImplementations({
        api,
        refreshConversations: () => void queryClient.invalidateQueries({ queryKey: ['conversations'] }),
      }),
    );
    const uploads = new Map<string, ConversationIngestionActor>();
    session.subscribe({
      complete: () => {
        for (const upload of uploads.values()) upload.stop();
        uploads.clear();
      },
    });
    return (kind, campaignId) => {
      const key = `${kind}:${campaignId}`;
      const running = uploads.get(key);
      if (running) return running;
      const upload = createActor(logic, { input: { kind, campaignId } }).start();
      uploads.set(key, upload);
      return upload;
    };
  });
  return (
    <ConversationIngestionsContext.Provider value={uploadOfPage}>
      {children}
    </ConversationIngestionsContext.Provider>
  );
}

/** The session's upload actor of this page, started on first use. */
export function useConversationIngestion(kind: UploadKind, campaignId: string): ConversationIngestionActor {
  const uploadOfPage = useContext(ConversationIngestionsContext);
  if (!uploadOfPage) throw new Error('useConversationIngestion needs a ConversationIngestionsProvider');
  return uploadOfPage(kind, campaignId);
}
