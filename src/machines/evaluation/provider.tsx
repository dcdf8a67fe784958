// The evaluation actor of one conversation page, its side effects supplied by the API client, the live channel
// and the conversation's query (which hands each fresh read of the evaluation back to the machine).
import { useQueryClient } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { Evaluation } from '../../../contract/evaluations';
import { conversationKeys } from '../../services/queries/conversations';
import { useServices } from '../../services/services-context';
import { createEvaluationImplementations } from './actors';
import { evaluationMachine } from './machine';

export const EvaluationActorContext = createActorContext(evaluationMachine);

interface EvaluationProviderProps {
  conversationId: string;
  userId: string;
  canChange: boolean;
  /** The evaluation as the conversation's query last read it. */
  evaluation: Evaluation | null;
  children: ReactNode;
}

export function EvaluationProvider({
  conversationId,
  userId,
  canChange,
  evaluation,
  children,
}: EvaluationProviderProps) {
  const { api, liveMessages } = useServices();
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      evaluationMachine.provide(
        createEvaluationImplementations({
          api,
          liveMessages,
          refetchConversation: () =>
            void queryClient.invalidateQueries({
              queryKey: conversationKeys.one(conversationId),
              exact: true,
            }),
        }),
      ),
    [api, liveMessages, queryClient, conversationId],
  );
  return (
    <EvaluationActorContext.Provider
      // A new conversation or a change of rights starts a new actor.
      key={`${conversationId}:${String(canChange)}`}
      logic={logic}
      options={{ input: { conversationId, userId, canChange, evaluation } }}
    >
      <RefreshedEvaluation evaluation={evaluation} />
      {children}
    </EvaluationActorContext.Provider>
  );
}

/** Hands each new read of the evaluation to the machine. */
function RefreshedEvaluation({ evaluation }: { evaluation: Evaluation | null }) {
  const actor = EvaluationActorContext.useActorRef();
  useEffect(() => {
    actor.send({ type: 'evaluation.refreshed', evaluation });
  }, [actor, evaluation]);
  return null;
}
