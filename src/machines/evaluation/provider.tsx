// The evaluation actor of one conversation page, its side effects supplied by the API client, the live channel
// and the query client (the evaluation itself lives in the conversation's cached read, which the views show).
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { EvaluationStatus } from '../../../contract/evaluations';
import { useServices } from '../../services/services-context';
import { createEvaluationImplementations } from './actors';
import { evaluationMachine } from './machine';

export const EvaluationActorContext = createActorContext(evaluationMachine);

interface EvaluationProviderProps {
  conversationId: string;
  userId: string;
  canChange: boolean;
  /** The evaluation's status as the page read it, where the flow starts. */
  status: EvaluationStatus | null;
  children: ReactNode;
}

/** Tells the actor the rights the page read, whenever they change. */
function RightsFollower({ canChange }: { canChange: boolean }) {
  const actor = EvaluationActorContext.useActorRef();
  useEffect(() => actor.send({ type: 'rights.changed', canChange }), [actor, canChange]);
  return null;
}

export function EvaluationProvider({
  conversationId,
  userId,
  canChange,
  status,
  children,
}: EvaluationProviderProps) {
  const { api, liveMessages } = useServices();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () => evaluationMachine.provide(createEvaluationImplementations({ api, liveMessages, queryClient })),
    [api, liveMessages, queryClient],
  );
  return (
    <EvaluationActorContext.Provider
      // A new conversation starts a new actor; rights learned later are told to the running one, so that the page
      // under it is not mounted again when the campaign role arrives after the conversation.
      key={conversationId}
      logic={logic}
      options={{ input: { conversationId, userId, canChange, status } }}
    >
      <RightsFollower canChange={canChange} />
      {children}
    </EvaluationActorContext.Provider>
  );
}
