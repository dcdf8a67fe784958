// The conversations-upload actor of one upload page, its side effects supplied by the API client and the
// conversation lists' queries.
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import type { UploadKind } from '../../services/conversations-upload/upload-items';
import { useServices } from '../../services/services-context';
import { createConversationsUploadImplementations } from './actors';
import { conversationsUploadMachine } from './machine';

export const ConversationsUploadActorContext = createActorContext(conversationsUploadMachine);

export function ConversationsUploadProvider({
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
      conversationsUploadMachine.provide(
        createConversationsUploadImplementations({
          api,
          refreshConversations: () => void queryClient.invalidateQueries({ queryKey: ['conversations'] }),
        }),
      ),
    [api, queryClient],
  );
  return (
    <ConversationsUploadActorContext.Provider logic={logic} options={{ input: { kind, campaignId } }}>
      {children}
    </ConversationsUploadActorContext.Provider>
  );
}
