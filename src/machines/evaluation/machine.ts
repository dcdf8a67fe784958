// A conversation's evaluation on its page (issues 9 and 21): launching it (whole or one item) and following the job
// live (queued → running → done | failed), a person's answer or comment on one item changed in place, and
// validating or un-validating it (then, on the reviewer's walk, going on to the next conversation).
// The evaluation itself lives in the query cache only: this machine owns the flow and writes each server answer
// there (named actions the provider implements), showing an answer or a validation at once and putting it back on
// refusal.
import { assign, emit, fromEventObservable, fromPromise, setup, stateIn } from 'xstate';
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

/** A comment alone on one item (null: none). */
export interface ItemComment {
  itemId: string;
  comment: string | null;
}

/** What is sent to the server: the whole answer (with the item's comment), or the comment alone. */
export type SentAnswer =
  | (ItemAnswer & { conversationId: string; part: 'answer' })
  | (ItemComment & { conversationId: string; part: 'comment' });

/** What follows an accepted validation: nothing, or the next conversation of the reviewer's walk. */
export type AfterValidation = 'stay' | 'next';

/** What the machine tells the page (`actor.on(...)`), for what only the page can do: leave it. */
export type EvaluationEmitted = { type: 'evaluation.validated'; then: AfterValidation };

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
  /** The answer or comment being sent, or the last one sent (its item shows a refusal). */
  sent: SentAnswer | null;
  /** Validated (true) or not (false), as the person asked, and what follows once the server accepts it. */
  requestedValidation: boolean;
  afterValidation: AfterValidation;
  failure: { action: EvaluationAction; error: unknown; itemId: string | null } | null;
}

/** What the live channel says about this conversation's evaluation job. */
export type EvaluationLiveEvent =
  { type: 'job.queued' } | { type: 'job.progressed'; progress: number } | { type: 'job.ended' };

export type EvaluationEvent =
  | EvaluationLiveEvent
  | { type: 'evaluation.launch'; itemId: string | null }
  | { type: 'evaluation.validate'; validated: boolean; then?: AfterValidation }
  | ({ type: 'item.answer' } & ItemAnswer)
  | ({ type: 'item.comment' } & ItemComment)
  | { type: 'failure.dismiss' }
  /** The page learned (again) whether the person may change the evaluation: their campaign role is read apart. */
  | { type: 'rights.changed'; canChange: boolean };

const ended = (evaluation: Evaluation | null) =>
  evaluation === null || evaluation.status === 'done' || evaluation.status === 'failed';

export const evaluationMachine = setup({
  types: {
    input: {} as EvaluationInput,
    context: {} as EvaluationContext,
    events: {} as EvaluationEvent,
    emitted: {} as EvaluationEmitted,
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
    /** Shows the sent answer or comment on its item in the query cache at once, keeping what it replaces. */
    showAnswer: (_, _params: { answer: SentAnswer }) => notImplemented('showAnswer'),
    /** Puts back in the query cache what the shown answer replaced. */
    rollBackAnswer: () => notImplemented('rollBackAnswer'),
    /** Tells the page the server accepted the validation, and whether the reviewer asked to go on. */
    announceValidation: emit(({ context }) => ({
      type: 'evaluation.validated' as const,
      then: context.afterValidation,
    })),
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
    sendAnswer: assign({
      sent: ({ context, event }): SentAnswer | null => {
        const { conversationId } = context;
        if (event.type === 'item.answer') {
          const { itemId, itemType, value, comment } = event;
          return { conversationId, part: 'answer', itemId, itemType, value, comment };
        }
        if (event.type === 'item.comment') {
          return { conversationId, part: 'comment', itemId: event.itemId, comment: event.comment };
        }
        return context.sent;
      },
      failure: null,
    }),
    requestValidation: assign({
      requestedValidation: ({ context, event }) =>
        event.type === 'evaluation.validate' ? event.validated : context.requestedValidation,
      afterValidation: ({ event }) =>
        event.type === 'evaluation.validate' ? (event.then ?? 'stay') : 'stay',
      failure: null,
    }),
    rememberFailure: assign({
      failure: (_, params: { action: EvaluationAction; error: unknown; itemId?: string }) => ({
        action: params.action,
        error: params.error,
        itemId: params.itemId ?? null,
      }),
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
    validationWaits: stateIn({ Settled: { Evaluated: { Saving: 'ThenValidating' } } }),
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
    sent: null,
    requestedValidation: false,
    afterValidation: 'stay',
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
    'rights.changed': {
      actions: assign({ canChange: ({ event }) => event.canChange }),
      description: 'Changing, launching and validating follow the rights the page read, from then on.',
    },
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
              description: 'Nothing in flight: the answers can be changed in place.',
              on: {
                'item.answer': {
                  guard: 'mayChange',
                  target: 'Saving',
                  actions: [
                    'sendAnswer',
                    { type: 'showAnswer', params: ({ context }) => ({ answer: sentAnswerOf(context) }) },
                  ],
                  description:
                    "An item's answer (yes / no / N/A, a level, a sub-item) is chosen: shown at once.",
                },
                'item.comment': {
                  guard: 'mayChange',
                  target: 'Saving',
                  actions: [
                    'sendAnswer',
                    { type: 'showAnswer', params: ({ context }) => ({ answer: sentAnswerOf(context) }) },
                  ],
                  description: "An item's comment is saved: shown at once.",
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
                  description: 'Validates or un-validates it (and maybe then goes on), shown at once.',
                },
              },
            },
            Saving: {
              description: 'Shown as chosen already; the server scores again, or puts it back if it refuses.',
              tags: ['busy'],
              initial: 'Alone',
              states: {
                Alone: {
                  description: 'Only the answer is on its way.',
                  on: {
                    'evaluation.validate': {
                      guard: 'mayChange',
                      target: 'ThenValidating',
                      actions: 'requestValidation',
                      description:
                        'Validation asked before the answer is saved (a reviewer quick on the keys): it waits.',
                    },
                  },
                },
                ThenValidating: {
                  description:
                    'The validation is sent once the answer is saved, and dropped if it is refused.',
                },
              },
              invoke: {
                id: 'saveAnswer',
                src: 'saveAnswer',
                input: ({ context }) => sentAnswerOf(context),
                onDone: [
                  {
                    guard: 'validationWaits',
                    target: 'Validating',
                    actions: [
                      { type: 'storeEvaluation', params: ({ event }) => ({ evaluation: event.output }) },
                      {
                        type: 'showValidation',
                        params: ({ context }) => ({
                          validated: context.requestedValidation,
                          userId: context.userId,
                        }),
                      },
                    ],
                    description: 'Saved: the waiting validation goes, shown at once.',
                  },
                  {
                    target: 'Reading',
                    actions: {
                      type: 'storeEvaluation',
                      params: ({ event }) => ({ evaluation: event.output }),
                    },
                    description: "The server's result (with its scores) replaces the shown evaluation.",
                  },
                ],
                onError: {
                  target: 'Reading',
                  actions: [
                    'rollBackAnswer',
                    {
                      type: 'rememberFailure',
                      params: ({ context, event }) => ({
                        action: context.sent?.part === 'comment' ? 'saveComment' : 'saveAnswer',
                        error: event.error,
                        itemId: sentAnswerOf(context).itemId,
                      }),
                    },
                  ],
                  description:
                    'Refused: the answer before is put back, the failure said at its item; a waiting validation is dropped.',
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
                  actions: [
                    { type: 'storeEvaluation', params: ({ event }) => ({ evaluation: event.output }) },
                    'announceValidation',
                  ],
                  description:
                    "The server's answer settles what is shown; the page may go on to the next one.",
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
                  description:
                    'Refused: what was shown before is put back, the failure said; the page stays.',
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
  if (!context.sent) throw new Error('An answer is sent once it is chosen');
  return context.sent;
}
