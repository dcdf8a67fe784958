// A conversation's evaluation on its page (issue 9): launching it (whole or one item) and following the job live
// (queued → running → done | failed), a person's answer or comment on one item, and validating or un-validating it.
// The evaluation itself lives in the query cache only: this machine owns the flow and writes each server answer
// there (named actions the provider implements), showing a validation at once and putting it back on refusal.
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import type { EvaluationItemType } from '../../../contract/evaluation-grids';
import type { Evaluation, EvaluationStatus, EvaluationValue } from '../../../contract/evaluations';
import { notImplemented } from '../not-implemented';

export interface EvaluationInput {
  conversationId: string;
  /** Who validates, for the validation shown before the server answers. */
  userId: string;
  /** Owners, editors with the settings flag and admins may launch, change and validate; others only read. */
  canChange: boolean;
  /** The status of the evaluation as the page read it; null when the conversation has none. */
  status: EvaluationStatus | null;
}

/** What a person did that failed, for the message that says so. */
export type EvaluationAction = 'launch' | 'saveAnswer' | 'saveComment' | 'validate' | 'unvalidate';

/** A person's answer to one item and its comment (null: none). */
export interface ItemAnswer {
  itemId: string;
  itemType: EvaluationItemType;
  value: EvaluationValue;
  comment: string | null;
}

/** An answer sent to the server: the whole answer when it changed, else the comment alone. */
export type SentAnswer = ItemAnswer & { conversationId: string; part: 'answer' | 'comment' };

/** The item's answer as shown when its form opened, to tell what the person changed. */
export interface OpenedAnswer {
  itemId: string;
  value: EvaluationValue | null;
  comment: string | null;
}

export interface EvaluationContext {
  conversationId: string;
  userId: string;
  canChange: boolean;
  /** The evaluation's status as the flow last learned it (at start, from the live channel, a launch or a read). */
  status: EvaluationStatus | null;
  /** The running job's progress (0–1), as the live channel reports it; null before the first report. */
  progress: number | null;
  /** The item being evaluated again; null for a whole launch. */
  relaunchedItemId: string | null;
  /** The answer whose form is open. */
  editing: OpenedAnswer | null;
  /** The answer being sent. */
  sent: SentAnswer | null;
  /** Validated (true) or not (false), as the person asked. */
  requestedValidation: boolean;
  failure: { action: EvaluationAction; error: unknown } | null;
}

/** What the live channel says about this conversation's evaluation job. */
export type EvaluationLiveEvent =
  { type: 'job.queued' } | { type: 'job.progressed'; progress: number } | { type: 'job.ended' };

export type EvaluationEvent =
  | EvaluationLiveEvent
  | { type: 'evaluation.launch'; itemId: string | null }
  | { type: 'evaluation.validate'; validated: boolean }
  | ({ type: 'item.edit' } & OpenedAnswer)
  | { type: 'edit.cancel' }
  | ({ type: 'edit.submit' } & ItemAnswer)
  | { type: 'failure.dismiss' };

const sameValue = (a: EvaluationValue | null, b: EvaluationValue) => JSON.stringify(a) === JSON.stringify(b);

/** What of the answer the person changed in the form; null when nothing. */
export function changedPart(opened: OpenedAnswer | null, submitted: ItemAnswer): SentAnswer['part'] | null {
  if (!sameValue(opened?.value ?? null, submitted.value)) return 'answer';
  if ((opened?.comment ?? null) !== submitted.comment) return 'comment';
  return null;
}

const ended = (evaluation: Evaluation | null) =>
  evaluation === null || evaluation.status === 'done' || evaluation.status === 'failed';

export const evaluationMachine = setup({
  types: {
    input: {} as EvaluationInput,
    context: {} as EvaluationContext,
    events: {} as EvaluationEvent,
  },
  actors: {
    launchEvaluation: fromPromise<Evaluation, { conversationId: string; itemId: string | null }>(() =>
      notImplemented('launchEvaluation'),
    ),
    saveAnswer: fromPromise<Evaluation, SentAnswer>(() => notImplemented('saveAnswer')),
    setValidation: fromPromise<Evaluation, { conversationId: string; validated: boolean }>(() =>
      notImplemented('setValidation'),
    ),
    readEvaluation: fromPromise<Evaluation | null, { conversationId: string }>(() =>
      notImplemented('readEvaluation'),
    ),
    liveEvaluation: fromEventObservable<EvaluationLiveEvent, { conversationId: string }>(() =>
      notImplemented('liveEvaluation'),
    ),
  },
  actions: {
    /** Writes the server's answer into the query cache (TanStack's `setQueryData`). */
    storeEvaluation: (_, _params: { evaluation: Evaluation }) => notImplemented('storeEvaluation'),
    /** Shows the requested validation in the query cache at once, keeping what it replaces (`onMutate`). */
    showValidation: (_, _params: { validated: boolean; userId: string }) => notImplemented('showValidation'),
    /** Puts back in the query cache what the shown validation replaced (`onError`). */
    rollBackValidation: () => notImplemented('rollBackValidation'),
    storeStatus: assign({
      status: (_, params: { evaluation: Evaluation | null }) => params.evaluation?.status ?? null,
    }),
    storeQueued: assign({ status: 'queued' as const }),
    storeProgress: assign({
      status: 'running' as const,
      progress: ({ context, event }) => (event.type === 'job.progressed' ? event.progress : context.progress),
    }),
    startLaunch: assign({
      relaunchedItemId: ({ event }) => (event.type === 'evaluation.launch' ? event.itemId : null),
      progress: null,
      failure: null,
    }),
    openEditor: assign({
      editing: ({ event }) =>
        event.type === 'item.edit'
          ? { itemId: event.itemId, value: event.value, comment: event.comment }
          : null,
      failure: null,
    }),
    closeEditor: assign({ editing: null, sent: null }),
    sendAnswer: assign({
      sent: ({ context, event }) => {
        if (event.type !== 'edit.submit') return context.sent;
        const { itemId, itemType, value, comment } = event;
        const part = changedPart(context.editing, event) ?? 'answer';
        return { conversationId: context.conversationId, itemId, itemType, value, comment, part };
      },
    }),
    requestValidation: assign({
      requestedValidation: ({ context, event }) =>
        event.type === 'evaluation.validate' ? event.validated : context.requestedValidation,
      failure: null,
    }),
    rememberFailure: assign({
      failure: (_, params: { action: EvaluationAction; error: unknown }) => params,
    }),
    dismissFailure: assign({ failure: null }),
  },
  guards: {
    mayChange: ({ context }) => context.canChange,
    hasNoEvaluation: ({ context }) => context.status === null,
    isQueued: ({ context }) => context.status === 'queued',
    isRunning: ({ context }) => context.status === 'running',
    isFailed: ({ context }) => context.status === 'failed',
    resultIsIn: (_, params: { evaluation: Evaluation | null }) => ended(params.evaluation),
    formChanged: ({ context, event }) =>
      event.type === 'edit.submit' && changedPart(context.editing, event) !== null,
  },
  delays: {
    /** A missed live message (the channel reconnecting) cannot leave the panel waiting for ever. */
    pollWhileWorking: 10_000,
    /** The result read right after the job ended may still say it runs: read it again shortly. */
    retryResultRead: 1_000,
  },
}).createMachine({
  id: 'evaluation',
  description: "A conversation's evaluation: launch and live progress, people's answers, validation.",
  context: ({ input }) => ({
    conversationId: input.conversationId,
    userId: input.userId,
    canChange: input.canChange,
    status: input.status,
    progress: null,
    relaunchedItemId: null,
    editing: null,
    sent: null,
    requestedValidation: false,
    failure: null,
  }),
  invoke: {
    id: 'liveEvaluation',
    src: 'liveEvaluation',
    input: ({ context }) => ({ conversationId: context.conversationId }),
    onError: { description: 'The live channel retries by itself; the panel polls while a job works.' },
  },
  on: {
    'job.queued': {
      target: '.Working.Queued',
      actions: 'storeQueued',
      description: 'An evaluation job is queued (this launch, or someone else’s): wherever the panel was.',
    },
    'job.progressed': {
      target: '.Working.Running',
      actions: 'storeProgress',
      description: 'The job runs: the progress bar moves (and the poll waits again).',
    },
    'job.ended': {
      target: '.Working.Collecting',
      description: 'The job is done or failed: its result is read.',
    },
    'failure.dismiss': { actions: 'dismissFailure', description: 'The person closes the failure message.' },
  },
  initial: 'Checking',
  states: {
    Checking: {
      description: 'Where the evaluation stands, from its status.',
      always: [
        { guard: 'hasNoEvaluation', target: 'Settled.NotEvaluated', description: 'No evaluation yet.' },
        { guard: 'isQueued', target: 'Working.Queued', description: 'A job waits for a worker.' },
        { guard: 'isRunning', target: 'Working.Running', description: 'A job evaluates it.' },
        { guard: 'isFailed', target: 'Settled.Failed', description: 'The last job failed.' },
        { target: 'Settled.Evaluated', description: 'Done: the scores and answers.' },
      ],
    },
    Settled: {
      description: 'No job works on the evaluation: it is shown as it is.',
      initial: 'Evaluated',
      on: {
        'evaluation.launch': {
          guard: 'mayChange',
          target: 'Working.Launching',
          actions: 'startLaunch',
          description: 'Those who may launch it (again), whole or one item.',
        },
      },
      states: {
        NotEvaluated: {
          description: '"Not evaluated yet", with the launch button for those who may.',
        },
        Failed: {
          description: 'Why the evaluation failed, with a way to launch it again.',
        },
        Evaluated: {
          description: 'The scores and answers; people who may change, re-launch and validate.',
          initial: 'Reading',
          states: {
            Reading: {
              description: 'Nothing in flight.',
              on: {
                'item.edit': {
                  guard: 'mayChange',
                  target: 'Answering',
                  actions: 'openEditor',
                  description: "Opens the item's answer form.",
                },
                'evaluation.validate': {
                  guard: 'mayChange',
                  target: 'Validating',
                  actions: [
                    'requestValidation',
                    {
                      type: 'showValidation',
                      params: ({ context, event }) => ({
                        validated: event.validated,
                        userId: context.userId,
                      }),
                    },
                  ],
                  description: 'Validates or un-validates it, shown at once.',
                },
              },
            },
            Answering: {
              description: "The item's answer form: its answer and comment.",
              tags: ['editing'],
              exit: 'closeEditor',
              initial: 'Editing',
              states: {
                Editing: {
                  description: 'The person chooses the answer and writes the comment.',
                  on: {
                    'edit.cancel': {
                      target: '#evaluation.Settled.Evaluated.Reading',
                      description: 'Closed.',
                    },
                    'edit.submit': [
                      {
                        guard: 'formChanged',
                        target: 'Saving',
                        actions: 'sendAnswer',
                        description: 'The answer changed (sent with its comment), or the comment alone.',
                      },
                      {
                        target: '#evaluation.Settled.Evaluated.Reading',
                        description: 'Nothing changed: nothing to send.',
                      },
                    ],
                  },
                },
                Saving: {
                  description: 'The answer, or the comment alone, is sent; the server scores again.',
                  tags: ['busy'],
                  invoke: {
                    id: 'saveAnswer',
                    src: 'saveAnswer',
                    input: ({ context }) => sentAnswerOf(context),
                    onDone: {
                      target: '#evaluation.Settled.Evaluated.Reading',
                      actions: {
                        type: 'storeEvaluation',
                        params: ({ event }) => ({ evaluation: event.output }),
                      },
                      description: "The server's result replaces the shown evaluation.",
                    },
                    onError: {
                      target: 'Editing',
                      actions: {
                        type: 'rememberFailure',
                        params: ({ context, event }) => ({
                          action: context.sent?.part === 'comment' ? 'saveComment' : 'saveAnswer',
                          error: event.error,
                        }),
                      },
                      description: 'Refused: the form stays open with the reason.',
                    },
                  },
                },
              },
            },
            Validating: {
              description: 'Shown as asked already; put back if the server refuses.',
              tags: ['busy'],
              invoke: {
                id: 'setValidation',
                src: 'setValidation',
                input: ({ context }) => ({
                  conversationId: context.conversationId,
                  validated: context.requestedValidation,
                }),
                onDone: {
                  target: 'Reading',
                  actions: { type: 'storeEvaluation', params: ({ event }) => ({ evaluation: event.output }) },
                  description: "The server's answer settles what is shown.",
                },
                onError: {
                  target: 'Reading',
                  actions: [
                    'rollBackValidation',
                    {
                      type: 'rememberFailure',
                      params: ({ context, event }) => ({
                        action: context.requestedValidation ? 'validate' : 'unvalidate',
                        error: event.error,
                      }),
                    },
                  ],
                  description: 'Refused: what was shown before is put back, and the failure said.',
                },
              },
            },
          },
        },
      },
    },
    Working: {
      description: 'A job evaluates the conversation; the live channel tells how far it is.',
      tags: ['working'],
      initial: 'Queued',
      states: {
        Launching: {
          description: 'The launch is asked; the buttons wait.',
          tags: ['busy'],
          invoke: {
            id: 'launchEvaluation',
            src: 'launchEvaluation',
            input: ({ context }) => ({
              conversationId: context.conversationId,
              itemId: context.relaunchedItemId,
            }),
            onDone: {
              target: 'Queued',
              actions: [
                { type: 'storeEvaluation', params: ({ event }) => ({ evaluation: event.output }) },
                { type: 'storeStatus', params: ({ event }) => ({ evaluation: event.output }) },
              ],
              description: 'Launched: the queued evaluation is shown.',
            },
            onError: {
              target: '#evaluation.Checking',
              actions: {
                type: 'rememberFailure',
                params: ({ event }) => ({ action: 'launch', error: event.error }),
              },
              description: 'Refused: the evaluation stays as it was, and the failure is said.',
            },
          },
        },
        Queued: {
          description: '"Queued": the job waits for a worker.',
          after: {
            pollWhileWorking: { target: 'Polling', description: 'No news for a while: read it.' },
          },
        },
        Running: {
          description: 'The progress bar.',
          after: {
            pollWhileWorking: { target: 'Polling', description: 'No news for a while: read it.' },
          },
        },
        Polling: {
          description: 'The evaluation is read, in case the live channel missed a message.',
          invoke: {
            id: 'readEvaluation',
            src: 'readEvaluation',
            input: ({ context }) => ({ conversationId: context.conversationId }),
            onDone: {
              target: '#evaluation.Checking',
              actions: { type: 'storeStatus', params: ({ event }) => ({ evaluation: event.output }) },
              description: 'Where it stands now.',
            },
            onError: { target: '#evaluation.Checking', description: 'Unread: the next poll tries again.' },
          },
        },
        Collecting: {
          description: 'The job ended: its result is read.',
          initial: 'Reading',
          states: {
            Reading: {
              description: 'The result is read.',
              invoke: {
                id: 'readEvaluation',
                src: 'readEvaluation',
                input: ({ context }) => ({ conversationId: context.conversationId }),
                onDone: [
                  {
                    guard: { type: 'resultIsIn', params: ({ event }) => ({ evaluation: event.output }) },
                    target: '#evaluation.Checking',
                    actions: { type: 'storeStatus', params: ({ event }) => ({ evaluation: event.output }) },
                    description: 'The result is in.',
                  },
                  { target: 'Waiting', description: 'It still says it works.' },
                ],
                onError: { target: 'Waiting', description: 'Unread: read again shortly.' },
              },
            },
            Waiting: {
              description: 'A second before reading again.',
              after: { retryResultRead: { target: 'Reading', description: 'Read it again.' } },
            },
          },
        },
      },
    },
  },
});

/** The answer the Saving state sends. */
function sentAnswerOf(context: EvaluationContext): SentAnswer {
  if (!context.sent) throw new Error('An answer is sent once the form is submitted');
  return context.sent;
}
