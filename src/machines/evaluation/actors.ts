// The evaluation machine's side effects: the evaluation API, the live channel and reading the conversation again.
import { filter, map, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import type { ConversationProgress } from '../../../contract/conversations';
import { evaluationSchema, type Evaluation } from '../../../contract/evaluations';
import type { LiveMessage } from '../../../contract/notifications';
import type { ApiClient } from '../../services/api-client';
import type { EvaluationLiveEvent, ItemAnswer } from './machine';

export interface EvaluationServices {
  api: ApiClient;
  liveMessages: Observable<LiveMessage>;
  /** Reads the conversation (and so its evaluation) again; the page hands the result back to the machine. */
  refetchConversation(): void;
}

type SentAnswer = ItemAnswer & { conversationId: string };

const evaluationPath = (conversationId: string) => `/conversations/${conversationId}/evaluation`;

/** An evaluation job's message as the machine's event; any other message about the conversation says it changed. */
export function toEvaluationEvent({ job }: ConversationProgress): EvaluationLiveEvent {
  if (job?.kind !== 'evaluation') return { type: 'conversation.changed' };
  switch (job.status) {
    case 'queued':
      return { type: 'job.queued' };
    case 'running':
      return { type: 'job.progressed', progress: job.progress };
    case 'done':
      return { type: 'job.finished' };
    default:
      return { type: 'job.failed' };
  }
}

export const createEvaluationImplementations = ({
  api,
  liveMessages,
  refetchConversation,
}: EvaluationServices) => ({
  actors: {
    launchEvaluation: fromPromise<Evaluation, { conversationId: string; itemId: string | null }>(
      ({ input: { conversationId, itemId } }) =>
        api.request(
          itemId === null
            ? `${evaluationPath(conversationId)}/launch`
            : `${evaluationPath(conversationId)}/items/${itemId}/launch`,
          evaluationSchema,
          { method: 'POST' },
        ),
    ),
    saveAnswer: fromPromise<Evaluation, SentAnswer>(({ input }) =>
      api.request(`${evaluationPath(input.conversationId)}/items/${input.itemId}`, evaluationSchema, {
        method: 'PUT',
        body: { evaluation_item: { value: input.value }, comment: input.comment, item_type: input.itemType },
      }),
    ),
    saveComment: fromPromise<Evaluation, SentAnswer>(({ input }) =>
      api.request(`${evaluationPath(input.conversationId)}/items/${input.itemId}/comment`, evaluationSchema, {
        method: 'PUT',
        body: { comment: input.comment },
      }),
    ),
    validateEvaluation: fromPromise<Evaluation, { conversationId: string }>(({ input }) =>
      api.request(`${evaluationPath(input.conversationId)}/validate`, evaluationSchema, { method: 'POST' }),
    ),
    unvalidateEvaluation: fromPromise<Evaluation, { conversationId: string }>(({ input }) =>
      api.request(`${evaluationPath(input.conversationId)}/validate`, evaluationSchema, { method: 'DELETE' }),
    ),
    liveEvaluation: fromEventObservable<EvaluationLiveEvent, { conversationId: string }>(({ input }) =>
      liveMessages.pipe(
        filter(
          (message): message is ConversationProgress =>
            message.type === 'conversation' && message.conversation_id === input.conversationId,
        ),
        map(toEvaluationEvent),
      ),
    ),
  },
  actions: {
    refetchEvaluation: () => refetchConversation(),
  },
});
