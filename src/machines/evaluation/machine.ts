// A conversation's evaluation on its page (issue 9): launching it (whole or one item) and following the job live
// (queued → running → done | failed), a person's answer or comment on one item (the server's result replaces the
// local one), and validating or un-validating it (shown at once, put back when the server refuses).
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import type { EvaluationItemType } from '../../../contract/evaluation-grids';
import type { Evaluation, EvaluationValue } from '../../../contract/evaluations';
import { notImplemented } from '../not-implemented';

export interface EvaluationInput {
  conversationId: string;
  /** Who validates, for the validation shown before the server answers. */
  userId: string;
  /** Owners, editors with the settings flag and admins may launch, change and validate; others only read. */
  canChange: boolean;
  evaluation: Evaluation | null;
}

/** What a person did that failed, for the message that says so. */
export type EvaluationAction = 'launch' | 'saveAnswer' | 'saveComment' | 'validate' | 'unvalidate';

export interface EvaluationContext {
  conversationId: string;
  userId: string;
  canChange: boolean;
  /** As last read or answered by the server (or as just validated, until the server confirms). */
  evaluation: Evaluation | null;
  /** The running job's progress (0–1), as the live channel reports it; null before the first report. */
  progress: number | null;
  /** The item being evaluated again; null for a whole launch. */
  relaunchedItemId: string | null;
  /** The item whose answer form is open. */
  editingItemId: string | null;
  /** The job ended before the launch was answered: its result is read as soon as the answer comes. */
  jobEndedDuringLaunch: boolean;
  failure: { action: EvaluationAction; error: unknown } | null;
  /** The evaluation before an optimistic (un)validation, put back if the server refuses. */
  beforeValidation: Evaluation | null;
}

/** A person's answer to one item and its comment (null: none). */
export interface ItemAnswer {
  itemId: string;
  itemType: EvaluationItemType;
  value: EvaluationValue;
  comment: string | null;
}

/** What the live channel says about this conversation. */
export type EvaluationLiveEvent =
  | { type: 'job.queued' }
  | { type: 'job.progressed'; progress: number }
  | { type: 'job.finished' }
  | { type: 'job.failed' }
  | { type: 'conversation.changed' };

export type EvaluationEvent =
  | EvaluationLiveEvent
  | { type: 'evaluation.refreshed'; evaluation: Evaluation | null }
  | { type: 'evaluation.launch'; itemId: string | null }
  | { type: 'evaluation.validate' }
  | { type: 'evaluation.unvalidate' }
  | { type: 'item.edit'; itemId: string }
  | { type: 'edit.cancel' }
  | ({ type: 'edit.submit' } & ItemAnswer)
  | { type: 'failure.dismiss' };

interface LaunchInput {
  conversationId: string;
  itemId: string | null;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const itemOf = (evaluation: Evaluation | null, itemId: string) =>
  evaluation?.items.find((item) => item.item_id === itemId);

const sameValue = (a: EvaluationValue | null | undefined, b: EvaluationValue) =>
  JSON.stringify(a) === JSON.stringify(b);

export const evaluationMachine = setup({
  types: {
    input: {} as EvaluationInput,
    context: {} as EvaluationContext,
    events: {} as EvaluationEvent,
  },
  actors: {
    launchEvaluation: fromPromise<Evaluation, LaunchInput>(() => notImplemented('launchEvaluation')),
    saveAnswer: fromPromise<Evaluation, ItemAnswer & { conversationId: string }>(() =>
      notImplemented('saveAnswer'),
    ),
    saveComment: fromPromise<Evaluation, ItemAnswer & { conversationId: string }>(() =>
      notImplemented('saveComment'),
    ),
    validateEvaluation: fromPromise<Evaluation, { conversationId: string }>(() =>
      notImplemented('validateEvaluation'),
    ),
    unvalidateEvaluation: fromPromise<Evaluation, { conversationId: string }>(() =>
      notImplemented('unvalidateEvaluation'),
    ),
    liveEvaluation: fromEventObservable<EvaluationLiveEvent, { conversationId: string }>(() =>
      notImplemented('liveEvaluation'),
    ),
  },
  actions: {
    refetchEvaluation: () => notImplemented('refetchEvaluation'),
    storeRefreshed: assign({
      evaluation: ({ context, event }) =>
        event.type === 'evaluation.refreshed' ? event.evaluation : context.evaluation,
    }),
    storeAnswered: assign({
      evaluation: (_, params: { evaluation: Evaluation }) => params.evaluation,
      failure: null,
    }),
    storeProgress: assign({
      progress: ({ context, event }) => (event.type === 'job.progressed' ? event.progress : context.progress),
    }),
    startLaunch: assign({
      relaunchedItemId: ({ event }) => (event.type === 'evaluation.launch' ? event.itemId : null),
      progress: null,
      jobEndedDuringLaunch: false,
      failure: null,
    }),
    noteJobEnded: assign({ jobEndedDuringLaunch: true }),
    openEditor: assign({
      editingItemId: ({ event }) => (event.type === 'item.edit' ? event.itemId : null),
      failure: null,
    }),
    closeEditor: assign({ editingItemId: null }),
    rememberFailure: assign({
      failure: (_, params: { action: EvaluationAction; error: unknown }) => params,
    }),
    dismissFailure: assign({ failure: null }),
    showValidated: assign({
      beforeValidation: ({ context }) => context.evaluation,
      evaluation: ({ context }) =>
        context.evaluation && {
          ...context.evaluation,
          validated: true,
          validated_by: context.userId,
          validated_at: nowSeconds(),
        },
      failure: null,
    }),
    showUnvalidated: assign({
      beforeValidation: ({ context }) => context.evaluation,
      evaluation: ({ context }) =>
        context.evaluation && {
          ...context.evaluation,
          validated: false,
          validated_by: null,
          validated_at: null,
        },
      failure: null,
    }),
    rollBackValidation: assign({ evaluation: ({ context }) => context.beforeValidation }),
  },
  guards: {
    mayChange: ({ context }) => context.canChange,
    hasNoEvaluation: ({ context }) => context.evaluation === null,
    isQueued: ({ context }) => context.evaluation?.status === 'queued',
    isRunning: ({ context }) => context.evaluation?.status === 'running',
    isFailed: ({ context }) => context.evaluation?.status === 'failed',
    statusChanged: ({ context, event }) =>
      event.type === 'evaluation.refreshed' && event.evaluation?.status !== context.evaluation?.status,
    resultIsIn: ({ event }) =>
      event.type === 'evaluation.refreshed' &&
      (event.evaluation === null ||
        event.evaluation.status === 'done' ||
        event.evaluation.status === 'failed'),
    jobEndedDuringLaunch: ({ context }) => context.jobEndedDuringLaunch,
    mayValidate: ({ context }) => context.canChange && context.evaluation?.validated === false,
    mayUnvalidate: ({ context }) => context.canChange && context.evaluation?.validated === true,
    answerChanged: ({ context, event }) =>
      event.type === 'edit.submit' &&
      !sameValue(itemOf(context.evaluation, event.itemId)?.value, event.value),
    commentChanged: ({ context, event }) =>
      event.type === 'edit.submit' &&
      (itemOf(context.evaluation, event.itemId)?.comment ?? null) !== event.comment,
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
    evaluation: input.evaluation,
    progress: null,
    relaunchedItemId: null,
    editingItemId: null,
    jobEndedDuringLaunch: false,
    failure: null,
    beforeValidation: null,
  }),
  invoke: {
    id: 'liveEvaluation',
    src: 'liveEvaluation',
    input: ({ context }) => ({ conversationId: context.conversationId }),
    onError: { description: 'The live channel retries by itself; the panel polls while a job works.' },
  },
  on: {
    'conversation.changed': {
      actions: 'refetchEvaluation',
      description:
        'Anything pushed about the conversation (a person changed or validated it) reads it again.',
    },
    'job.queued': { actions: 'refetchEvaluation', description: 'Someone else launched it.' },
    'job.finished': { actions: 'refetchEvaluation' },
    'job.failed': { actions: 'refetchEvaluation' },
    'failure.dismiss': { actions: 'dismissFailure' },
  },
  initial: 'Checking',
  states: {
    Checking: {
      description: 'Where the evaluation stands, from its status.',
      always: [
        { guard: 'hasNoEvaluation', target: 'NotEvaluated' },
        { guard: 'isQueued', target: 'Working.Queued' },
        { guard: 'isRunning', target: 'Working.Running' },
        { guard: 'isFailed', target: 'Failed' },
        { target: 'Evaluated' },
      ],
    },
    NotEvaluated: {
      description: '"Not evaluated yet", with the launch button for those who may.',
      on: {
        'evaluation.launch': { guard: 'mayChange', target: 'Launching', actions: 'startLaunch' },
        'evaluation.refreshed': { guard: 'statusChanged', target: 'Checking', actions: 'storeRefreshed' },
        'job.progressed': { target: 'Working.Running', actions: 'storeProgress' },
      },
    },
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
        onDone: [
          {
            guard: 'jobEndedDuringLaunch',
            target: 'Working.Collecting',
            actions: { type: 'storeAnswered', params: ({ event }) => ({ evaluation: event.output }) },
          },
          {
            target: 'Working.Queued',
            actions: { type: 'storeAnswered', params: ({ event }) => ({ evaluation: event.output }) },
          },
        ],
        onError: {
          target: 'Checking',
          actions: {
            type: 'rememberFailure',
            params: ({ event }) => ({ action: 'launch', error: event.error }),
          },
        },
      },
      on: {
        'job.progressed': { actions: 'storeProgress' },
        'job.finished': { actions: 'noteJobEnded' },
        'job.failed': { actions: 'noteJobEnded' },
      },
    },
    Working: {
      description: 'The job evaluates the conversation; the live channel tells how far it is.',
      tags: ['working'],
      on: {
        'evaluation.refreshed': [
          { guard: 'resultIsIn', target: 'Checking', actions: 'storeRefreshed' },
          { actions: 'storeRefreshed' },
        ],
        'job.queued': '.Queued',
        'job.progressed': { target: '.Running', actions: 'storeProgress' },
        'job.finished': '.Collecting',
        'job.failed': '.Collecting',
      },
      initial: 'Queued',
      states: {
        Queued: {
          description: '"Queued": the job waits for a worker.',
          after: {
            pollWhileWorking: { target: 'Queued', reenter: true, actions: 'refetchEvaluation' },
          },
        },
        Running: {
          description: 'The progress bar.',
          after: {
            pollWhileWorking: { target: 'Running', reenter: true, actions: 'refetchEvaluation' },
          },
        },
        Collecting: {
          description: 'The job ended: its result is read.',
          entry: 'refetchEvaluation',
          after: { retryResultRead: { target: 'Collecting', reenter: true } },
        },
      },
    },
    Failed: {
      description: 'Why the evaluation failed, with a way to launch it again.',
      on: {
        'evaluation.launch': { guard: 'mayChange', target: 'Launching', actions: 'startLaunch' },
        'evaluation.refreshed': [
          { guard: 'statusChanged', target: 'Checking', actions: 'storeRefreshed' },
          { actions: 'storeRefreshed' },
        ],
        'job.progressed': { target: 'Working.Running', actions: 'storeProgress' },
      },
    },
    Evaluated: {
      description: 'The scores and answers; people who may change, re-launch and validate.',
      initial: 'Reading',
      states: {
        Reading: {
          description: 'Nothing in flight.',
          on: {
            'evaluation.launch': {
              guard: 'mayChange',
              target: '#evaluation.Launching',
              actions: 'startLaunch',
            },
            'evaluation.refreshed': [
              { guard: 'statusChanged', target: '#evaluation.Checking', actions: 'storeRefreshed' },
              { actions: 'storeRefreshed' },
            ],
            'job.progressed': { target: '#evaluation.Working.Running', actions: 'storeProgress' },
            'item.edit': { guard: 'mayChange', target: 'Editing', actions: 'openEditor' },
            'evaluation.validate': { guard: 'mayValidate', target: 'Validating', actions: 'showValidated' },
            'evaluation.unvalidate': {
              guard: 'mayUnvalidate',
              target: 'Unvalidating',
              actions: 'showUnvalidated',
            },
          },
        },
        Editing: {
          description: "The item's answer form: its answer and comment.",
          tags: ['editing'],
          on: {
            'evaluation.refreshed': [
              {
                guard: 'statusChanged',
                target: '#evaluation.Checking',
                actions: ['storeRefreshed', 'closeEditor'],
              },
              { actions: 'storeRefreshed' },
            ],
            'edit.cancel': { target: 'Reading', actions: 'closeEditor' },
            'edit.submit': [
              { guard: 'answerChanged', target: 'SavingAnswer' },
              { guard: 'commentChanged', target: 'SavingComment' },
              { target: 'Reading', actions: 'closeEditor', description: 'Nothing changed: nothing to send.' },
            ],
          },
        },
        SavingAnswer: {
          description: 'The answer (and comment) is sent; the server scores again.',
          tags: ['editing', 'busy'],
          invoke: {
            id: 'saveAnswer',
            src: 'saveAnswer',
            input: ({ context, event }) => answerOf(context, event),
            onDone: {
              target: 'Reading',
              actions: [
                { type: 'storeAnswered', params: ({ event }) => ({ evaluation: event.output }) },
                'closeEditor',
              ],
            },
            onError: {
              target: 'Editing',
              actions: {
                type: 'rememberFailure',
                params: ({ event }) => ({ action: 'saveAnswer', error: event.error }),
              },
            },
          },
        },
        SavingComment: {
          description: 'The comment alone is sent.',
          tags: ['editing', 'busy'],
          invoke: {
            id: 'saveComment',
            src: 'saveComment',
            input: ({ context, event }) => answerOf(context, event),
            onDone: {
              target: 'Reading',
              actions: [
                { type: 'storeAnswered', params: ({ event }) => ({ evaluation: event.output }) },
                'closeEditor',
              ],
            },
            onError: {
              target: 'Editing',
              actions: {
                type: 'rememberFailure',
                params: ({ event }) => ({ action: 'saveComment', error: event.error }),
              },
            },
          },
        },
        Validating: {
          description: 'Shown validated already; put back if the server refuses.',
          tags: ['busy'],
          invoke: {
            id: 'validateEvaluation',
            src: 'validateEvaluation',
            input: ({ context }) => ({ conversationId: context.conversationId }),
            onDone: {
              target: 'Reading',
              actions: { type: 'storeAnswered', params: ({ event }) => ({ evaluation: event.output }) },
            },
            onError: {
              target: 'Reading',
              actions: [
                'rollBackValidation',
                {
                  type: 'rememberFailure',
                  params: ({ event }) => ({ action: 'validate', error: event.error }),
                },
              ],
            },
          },
        },
        Unvalidating: {
          description: 'Shown not validated already; put back if the server refuses.',
          tags: ['busy'],
          invoke: {
            id: 'unvalidateEvaluation',
            src: 'unvalidateEvaluation',
            input: ({ context }) => ({ conversationId: context.conversationId }),
            onDone: {
              target: 'Reading',
              actions: { type: 'storeAnswered', params: ({ event }) => ({ evaluation: event.output }) },
            },
            onError: {
              target: 'Reading',
              actions: [
                'rollBackValidation',
                {
                  type: 'rememberFailure',
                  params: ({ event }) => ({ action: 'unvalidate', error: event.error }),
                },
              ],
            },
          },
        },
      },
    },
  },
});

/** The answer an `edit.submit` carries, for the actor that sends it. */
function answerOf(
  context: EvaluationContext,
  event: EvaluationEvent,
): ItemAnswer & { conversationId: string } {
  if (event.type !== 'edit.submit') throw new Error(`An answer is sent on edit.submit, not ${event.type}`);
  const { itemId, itemType, value, comment } = event;
  return { conversationId: context.conversationId, itemId, itemType, value, comment };
}
