// The conversation-ingestion actor of one upload page, its side effects supplied by the API client and the
// conversation lists' queries.
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import type { UploadKind } from '../../services/conversation-ingestion/upload-items';
import { useServices } from '../../services/services-context';
import { createConversationIngestionImplementations } from './actors';
import { conversationIngestionMachine } from './machine';

export const ConversationIngestionActorContext = createActorContext(conversationIngestionMachine);

export function ConversationIngestionProvider({
  kind,
  campaignId,
  children,
}: {
  kind: UploadKind;
  campaignId: string;
  children: ReactNode;
}) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      conversationIngestionMachine.provide(
        createConversationIngestionImplementations({
          api,
          refreshConversations: () => void queryClient.invalidateQueries({ queryKey: ['conversations'] }),
        }),
      ),
    [api, queryClient],
  );
  return (
    <ConversationIngestionActorContext.Provider logic={logic} options={{ input: { kind, campaignId } }}>
      {children}
    </ConversationIngestionActorContext.Provider>
  );
}
