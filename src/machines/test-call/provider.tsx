// The test-call actor of one campaign's evaluation page, its side effects supplied by the API client, the live
// channel and the list's query.
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { testCallKeys } from '../../services/queries/test-calls';
import { useServices } from '../../services/services-context';
import { createTestCallImplementations } from './actors';
import { testCallMachine } from './machine';

export const TestCallActorContext = createActorContext(testCallMachine);

export function TestCallProvider({ campaignId, children }: { campaignId: string; children: ReactNode }) {
  const { api, liveMessages } = useServices();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      testCallMachine.provide(
        createTestCallImplementations({
          api,
          liveMessages,
          refreshList: () =>
            void queryClient.invalidateQueries({
              queryKey: testCallKeys.ofCampaign(campaignId),
              exact: true,
            }),
        }),
      ),
    [api, liveMessages, queryClient, campaignId],
  );
  return (
    <TestCallActorContext.Provider key={campaignId} logic={logic} options={{ input: { campaignId } }}>
      {children}
    </TestCallActorContext.Provider>
  );
}
