// A test call on the campaign's evaluation page (issue 11): a recording or a transcript is sent, then followed live
// through transcription, analysis and evaluation (idle → uploading → processing → done | failed); an earlier test
// call can be opened from the list and is followed the same way until it ends.
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import type { JobProgress } from '../../../contract/jobs';
import type { TestCall } from '../../../contract/test-calls';
import { notImplemented } from '../not-implemented';

export interface TestCallInput {
  campaignId: string;
}

export interface TestCallContext {
  campaignId: string;
  /** The test call followed or shown; null before the first. */
  testCallId: string | null;
  /** As the server last answered it. */
  testCall: TestCall | null;
  /** The name of the file being sent. */
  fileName: string | null;
  /** The running job, as the live channel last reported it; null between jobs. */
  job: JobProgress | null;
  /** Why sending the file failed (the server's refusal); null otherwise. */
  uploadError: unknown;
  /** Why the test call could not be read; null otherwise. */
  readError: unknown;
}

/** What the live channel says about the followed test call's conversation. */
export type TestCallLiveEvent = { type: 'live.changed'; job: JobProgress | null };

export type TestCallEvent =
  | TestCallLiveEvent
  | { type: 'file.chosen'; file: File }
  | { type: 'testCall.open'; testCallId: string }
  | { type: 'reset' };

/** The context with no test call sent, opened or shown: where the machine starts and what `reset` goes back to. */
const noTestCall = {
  testCallId: null,
  testCall: null,
  fileName: null,
  job: null,
  uploadError: null,
  readError: null,
} satisfies Omit<TestCallContext, 'campaignId'>;

const isEnded = (testCall: TestCall | null) => testCall?.status === 'done' || testCall?.status === 'failed';

export const testCallMachine = setup({
  types: {
    input: {} as TestCallInput,
    context: {} as TestCallContext,
    events: {} as TestCallEvent,
  },
  actors: {
    uploadTestCall: fromPromise<TestCall, { campaignId: string; file: File }>(() =>
      notImplemented('uploadTestCall'),
    ),
    loadTestCall: fromPromise<TestCall, { campaignId: string; testCallId: string }>(() =>
      notImplemented('loadTestCall'),
    ),
    liveTestCall: fromEventObservable<TestCallLiveEvent, { testCallId: string }>(() =>
      notImplemented('liveTestCall'),
    ),
  },
  actions: {
    refreshList: () => notImplemented('refreshList'),
    startUpload: assign({
      ...noTestCall,
      fileName: ({ event }) => (event.type === 'file.chosen' ? event.file.name : null),
    }),
    startOpening: assign({
      ...noTestCall,
      testCallId: ({ event }) => (event.type === 'testCall.open' ? event.testCallId : null),
    }),
    storeTestCall: assign({
      testCall: (_, params: { testCall: TestCall }) => params.testCall,
      testCallId: (_, params: { testCall: TestCall }) => params.testCall.id,
      readError: null,
    }),
    storeJob: assign({
      job: ({ event }) =>
        event.type === 'live.changed' && event.job?.status === 'running' ? event.job : null,
    }),
    rememberUploadError: assign({ uploadError: (_, params: { error: unknown }) => params.error }),
    rememberReadError: assign({ readError: (_, params: { error: unknown }) => params.error }),
    clear: assign(noTestCall),
  },
  guards: {
    hasEnded: ({ context }) => isEnded(context.testCall),
  },
  delays: {
    /** A missed live message (the channel reconnecting) cannot leave the panel waiting for ever. */
    pollWhileProcessing: 5_000,
  },
}).createMachine({
  id: 'testCall',
  description: 'A test call: the file sent, its progress through the pipeline followed live, and its result.',
  context: ({ input }) => ({ campaignId: input.campaignId, ...noTestCall }),
  initial: 'Idle',
  states: {
    Idle: {
      description: 'The drop zone and the file button.',
      on: {
        'file.chosen': { target: 'Uploading', actions: 'startUpload' },
        'testCall.open': { target: '#testCall.Processing.Reading', actions: 'startOpening' },
      },
    },
    Uploading: {
      description: 'The file is sent; the server answers the test call as it starts.',
      tags: ['busy'],
      invoke: {
        id: 'uploadTestCall',
        src: 'uploadTestCall',
        input: ({ context, event }) => ({
          campaignId: context.campaignId,
          file: (event as Extract<TestCallEvent, { type: 'file.chosen' }>).file,
        }),
        onDone: {
          target: 'Checking',
          actions: [
            { type: 'storeTestCall', params: ({ event }) => ({ testCall: event.output }) },
            'refreshList',
          ],
        },
        onError: {
          target: 'Refused',
          actions: { type: 'rememberUploadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    Checking: {
      description: 'Where the test call stands, from its status.',
      always: [{ guard: 'hasEnded', target: 'Ended', actions: 'refreshList' }, { target: 'Processing' }],
    },
    Processing: {
      description:
        'The steps, the current one with its progress; every live message about it reads it again.',
      tags: ['busy'],
      invoke: {
        id: 'liveTestCall',
        src: 'liveTestCall',
        input: ({ context }) => ({ testCallId: context.testCallId ?? '' }),
        onError: { description: 'The live channel retries by itself; the panel polls meanwhile.' },
      },
      on: {
        'live.changed': { target: '.Reading', reenter: true, actions: 'storeJob' },
        'file.chosen': { target: 'Uploading', actions: 'startUpload' },
        'testCall.open': { target: '.Reading', reenter: true, actions: 'startOpening' },
      },
      initial: 'Waiting',
      states: {
        Waiting: {
          description: 'Until the next live message, or the poll.',
          after: { pollWhileProcessing: 'Reading' },
        },
        Reading: {
          description: 'The test call is read again.',
          invoke: {
            id: 'loadTestCall',
            src: 'loadTestCall',
            input: ({ context }) => ({
              campaignId: context.campaignId,
              testCallId: context.testCallId ?? '',
            }),
            onDone: {
              target: '#testCall.Checking',
              actions: { type: 'storeTestCall', params: ({ event }) => ({ testCall: event.output }) },
            },
            onError: {
              target: 'Unreadable',
              actions: { type: 'rememberReadError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        Unreadable: {
          description: 'Reading failed: said, and tried again at the next poll.',
          after: { pollWhileProcessing: 'Reading' },
        },
      },
    },
    Ended: {
      description: 'The result beside the grid (done), or why it failed; another file may be sent.',
      on: {
        'file.chosen': { target: 'Uploading', actions: 'startUpload' },
        'testCall.open': { target: '#testCall.Processing.Reading', actions: 'startOpening' },
        reset: { target: 'Idle', actions: 'clear' },
      },
    },
    Refused: {
      description: 'The server refused the file, with its reason; another file may be sent.',
      on: {
        'file.chosen': { target: 'Uploading', actions: 'startUpload' },
        'testCall.open': { target: '#testCall.Processing.Reading', actions: 'startOpening' },
        reset: { target: 'Idle', actions: 'clear' },
      },
    },
  },
});
