// The evaluation machine's side effects: the evaluation API, its job's messages on the live channel, and the query
// cache where the evaluation lives (written as TanStack's optimistic updates: snapshot, show, roll back, settle).
import type { QueryClient } from '@tanstack/react-query';
import { filter, map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { Conversation } from '../../../contract/conversations';
import type { ConversationProgress, LiveMessage } from '../../../contract/live';
import type { JobProgress } from '../../../contract/jobs';
import type { evaluationSchema, Evaluation } from '../../../contract/evaluations';
import type { ApiClient } from '../../services/api-client';
import { conversationMessages } from '../../services/live/streams';
import { conversationKeys, conversationQuery } from '../../services/queries/conversations';
import { reviewKeys } from '../../services/queries/reviews';
import type { EvaluationContext, EvaluationLiveEvent, SentAnswer } from './machine';

export interface EvaluationServices {
  api: ApiClient;
  liveMessages: Observable<LiveMessage>;
  queryClient: QueryClient;
}

const evaluationPath = (conversationId: string) => `/conversations/${conversationId}/evaluation`;

/** An evaluation job's message as the machine's event; null for any other message (the cache's concern). */
export function toEvaluationEvent({ job }: ConversationProgress): EvaluationLiveEvent | null {
  if (job?.kind !== 'evaluation') return null;
  return jobEvent(job);
}

function jobEvent(job: JobProgress): EvaluationLiveEvent {
  switch (job.status) {
    case 'queued':
      return { type: 'job.queued' };
    case 'running':
      return { type: 'job.progressed', progress: job.progress };
    default:
      return { type: 'job.ended' };
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The evaluation with `answer` shown on its item: a new answer is a person's; a comment changes only itself. */
export const withAnswer = (evaluation: Evaluation, answer: SentAnswer): Evaluation => ({
  ...evaluation,
  items: evaluation.items.map((item) =>
    item.item_id !== answer.itemId
      ? item
      : answer.part === 'comment'
        ? { ...item, comment: answer.comment }
        : { ...item, value: answer.value, comment: answer.comment, source: 'human' as const },
  ),
});

/** The evaluation shown validated by `userId` now, or not validated. */
export const withValidation = (evaluation: Evaluation, validated: boolean, userId: string): Evaluation =>
  validated
    ? { ...evaluation, validated: true, validated_by: userId, validated_at: nowSeconds() }
    : { ...evaluation, validated: false, validated_by: null, validated_at: null };

type Args = { context: EvaluationContext };

/**
 * The machine's writes to the conversation's cached read. What a shown answer or validation replaced is kept here
 * until the server answers, as a TanStack mutation keeps what its `onMutate` returned for its `onError` (the
 * machine sends one change at a time).
 */
export function createEvaluationCacheActions(queryClient: QueryClient) {
  let beforeChange: Evaluation | null = null;
  const read = (conversationId: string) =>
    queryClient.getQueryData<Conversation>(conversationKeys.one(conversationId))?.evaluation ?? null;
  const write = (conversationId: string, evaluation: Evaluation | null) =>
    queryClient.setQueryData<Conversation>(
      conversationKeys.one(conversationId),
      (conversation) => conversation && { ...conversation, evaluation },
    );
  const show = (conversationId: string, change: (evaluation: Evaluation) => Evaluation) => {
    // A read in flight would overwrite the shown change with what was there before.
    void queryClient.cancelQueries({ queryKey: conversationKeys.one(conversationId), exact: true });
    beforeChange = read(conversationId);
    if (beforeChange) write(conversationId, change(beforeChange));
  };
  const rollBack = ({ context }: Args) => {
    if (beforeChange) write(context.conversationId, beforeChange);
    beforeChange = null;
  };
  return {
    storeEvaluation: ({ context }: Args, { evaluation }: { evaluation: Evaluation }) => {
      write(context.conversationId, evaluation);
    },
    showValidation: ({ context }: Args, { validated, userId }: { validated: boolean; userId: string }) =>
      show(context.conversationId, (evaluation) => withValidation(evaluation, validated, userId)),
    rollBackValidation: rollBack,
    showAnswer: ({ context }: Args, { answer }: { answer: SentAnswer }) =>
      show(context.conversationId, (evaluation) => withAnswer(evaluation, answer)),
    rollBackAnswer: rollBack,
  };
}

export const createEvaluationImplementations = ({ api, liveMessages, queryClient }: EvaluationServices) => ({
  actors: {
    launchEvaluation: fromPromise<Evaluation, { conversationId: string; itemId: string | null }>(
      ({ input: { conversationId, itemId } }) =>
        api.request<typeof evaluationSchema>(
          itemId === null
            ? `${evaluationPath(conversationId)}/launch`
            : `${evaluationPath(conversationId)}/items/${itemId}/launch`,
          { method: 'POST' },
        ),
    ),
    saveAnswer: fromPromise<Evaluation, SentAnswer>(({ input }) =>
      input.part === 'answer'
        ? api.request<typeof evaluationSchema>(
            `${evaluationPath(input.conversationId)}/items/${input.itemId}`,
            {
              method: 'PUT',
              body: {
                evaluation_item: { value: input.value },
                comment: input.comment,
                item_type: input.itemType,
              },
            },
          )
        : api.request<typeof evaluationSchema>(
            `${evaluationPath(input.conversationId)}/items/${input.itemId}/comment`,
            {
              method: 'PUT',
              body: { comment: input.comment },
            },
          ),
    ),
    setValidation: fromPromise<Evaluation, { conversationId: string; validated: boolean }>(
      async ({ input }) => {
        const evaluation = await api.request<typeof evaluationSchema>(
          `${evaluationPath(input.conversationId)}/validate`,
          { method: input.validated ? 'POST' : 'DELETE' },
        );
        // The server marked the conversation's pending assignments done: the queue and its progress move on.
        void queryClient.invalidateQueries({ queryKey: reviewKeys.assignments() });
        return evaluation;
      },
    ),
    /** Reads the conversation into the query cache, and answers its evaluation. */
    readEvaluation: fromPromise<Evaluation | null, { conversationId: string }>(async ({ input }) => {
      const conversation = await queryClient.fetchQuery({
        ...conversationQuery(api, input.conversationId),
        staleTime: 0,
      });
      return conversation.evaluation;
    }),
    liveEvaluation: fromEventObservable<EvaluationLiveEvent, { conversationId: string }>(({ input }) =>
      conversationMessages(liveMessages, input.conversationId).pipe(
        map(toEvaluationEvent),
        filter((event) => event !== null),
      ),
    ),
  },
  actions: createEvaluationCacheActions(queryClient),
});
