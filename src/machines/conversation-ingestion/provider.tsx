// The signed-in session's conversation uploads: one actor per upload page (a kind of conversation in a
// campaign), started the first time the page opens and kept for the session, so that files queued on a page are
// still sent when the person moves on, and the page shows where they stand when the person comes back. They stop
// with the session's auth actor (sign-out, access lost). The shell holds only this registry: the machine's code
// loads with the first upload page (use-conversation-ingestion.ts), as few sessions upload.
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import type { AuthActor } from '../../services/api-client';
import type { conversationIngestionMachine } from './machine';

export type ConversationIngestionActor = Actor<typeof conversationIngestionMachine>;

/** The session's upload actors, by page (`kind:campaignId`). */
export type SessionUploads = Map<string, ConversationIngestionActor>;

const SessionUploadsContext = createContext<SessionUploads | null>(null);

export function ConversationIngestionsProvider({
  session,
  children,
}: {
  session: AuthActor;
  children: ReactNode;
}) {
  const [uploads] = useState(() => {
    const started: SessionUploads = new Map();
    session.subscribe({
      complete: () => {
        for (const upload of started.values()) upload.stop();
        started.clear();
      },
    });
    return started;
  });
  return <SessionUploadsContext.Provider value={uploads}>{children}</SessionUploadsContext.Provider>;
}

/** The session's upload actors. */
export function useSessionUploads(): SessionUploads {
  const uploads = useContext(SessionUploadsContext);
  if (!uploads) throw new Error('useSessionUploads needs a ConversationIngestionsProvider');
  return uploads;
}
