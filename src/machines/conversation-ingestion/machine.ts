// A campaign's upload page (issue 8): files dropped or picked join a queue of batches sent one after another
// (idle → sending → next batch or idle); each file's progress and outcome are listed with the batch's totals, and
// the finished files can be cleared from the list once nothing is being sent.
import { assign, fromEventObservable, setup } from 'xstate';
import type { Agent } from '../../services/conversation-files/drafts';
import type { UploadFile } from '../../services/conversation-ingestion/run-upload';
import {
  isFinished,
  newUploadItem,
  withChange,
  withoutFinished,
  type UploadChange,
  type UploadItem,
  type UploadKind,
} from '../../services/conversation-ingestion/upload-items';
import { notImplemented } from '../not-implemented';

export interface ConversationIngestionInput {
  kind: UploadKind;
  campaignId: string;
}

/** Files added together, with the agent chosen for them: sent in one go. */
export interface UploadBatch {
  files: UploadFile[];
  /** The organisation's agents, to read each conversation's agent from its file. */
  agents: readonly Agent[];
  /** The agent chosen for the batch; null to read each conversation's agent from its file. */
  batchAgent: Agent | null;
}

/** What the sending actor needs for one batch. */
export interface SendBatchInput extends UploadBatch {
  kind: UploadKind;
  campaignId: string;
}

export interface ConversationIngestionContext extends ConversationIngestionInput {
  /** Every file added and not cleared, in the order added. */
  items: UploadItem[];
  /** The batch being sent first, then those waiting their turn. */
  queue: UploadBatch[];
  /** How many files were ever added: their ids are `upload-1`, `upload-2`… */
  added: number;
}

/** A file of the batch being sent changed: read, sent in part, done or refused. */
export type ItemChangedEvent = { type: 'item.changed'; id: string; change: UploadChange };

export type ConversationIngestionEvent =
  | ItemChangedEvent
  | { type: 'files.added'; files: readonly File[]; agents: readonly Agent[]; batchAgent: Agent | null }
  | { type: 'finished.clear' };

export const conversationIngestionMachine = setup({
  types: {
    input: {} as ConversationIngestionInput,
    context: {} as ConversationIngestionContext,
    events: {} as ConversationIngestionEvent,
  },
  actors: {
    sendBatch: fromEventObservable<ItemChangedEvent, SendBatchInput>(() => notImplemented('sendBatch')),
  },
  actions: {
    refreshConversations: () => notImplemented('refreshConversations'),
    addBatch: assign(({ context }, params: Omit<UploadBatch, 'files'> & { files: readonly File[] }) => {
      const files = params.files.map((file, index) => ({ id: `upload-${context.added + index + 1}`, file }));
      return {
        items: [...context.items, ...files.map(({ id, file }) => newUploadItem(id, file))],
        queue: [...context.queue, { files, agents: params.agents, batchAgent: params.batchAgent }],
        added: context.added + files.length,
      };
    }),
    changeItem: assign({
      items: ({ context }, params: { id: string; change: UploadChange }) =>
        withChange(context.items, params.id, params.change),
    }),
    /** A batch whose sending broke off: its files not yet finished are counted as refused, without a reason. */
    refuseUnfinished: assign({
      items: ({ context }) => {
        const ids = new Set(context.queue[0]?.files.map(({ id }) => id));
        return context.items.map((item) =>
          ids.has(item.id) && !isFinished(item)
            ? { ...item, status: 'refused' as const, progress: 1, refused: 1, refusal: null }
            : item,
        );
      },
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    clearFinished: assign({ items: ({ context }) => withoutFinished(context.items) }),
  },
  guards: {
    hasFiles: ({ event }) => event.type === 'files.added' && event.files.length > 0,
    hasQueuedBatch: ({ context }) => context.queue.length > 0,
  },
}).createMachine({
  id: 'conversationIngestion',
  description:
    "A campaign's upload page: the files added, sent batch after batch, each with its progress and outcome.",
  context: ({ input }) => ({ ...input, items: [], queue: [], added: 0 }),
  initial: 'Idle',
  states: {
    Idle: {
      description: 'Nothing is being sent: the files listed have all ended, with the totals.',
      on: {
        'files.added': {
          guard: 'hasFiles',
          target: 'Sending',
          actions: { type: 'addBatch', params: ({ event }) => event },
          description: 'The files are listed as waiting and sent at once.',
        },
        'finished.clear': {
          actions: 'clearFinished',
          description: 'The list and the totals start again.',
        },
      },
    },
    Sending: {
      description:
        'The first batch of the queue is being sent, file by file; more files may be added meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'sendBatch',
        src: 'sendBatch',
        input: ({ context }) => ({
          kind: context.kind,
          campaignId: context.campaignId,
          ...(context.queue[0] as UploadBatch),
        }),
        onDone: {
          target: 'Next',
          actions: ['dequeue', 'refreshConversations'],
          description: 'The batch has ended: the conversation lists are read again.',
        },
        onError: {
          target: 'Next',
          actions: ['refuseUnfinished', 'dequeue', 'refreshConversations'],
          description: 'Sending broke off: its unfinished files are refused; the lists are read again.',
        },
      },
      on: {
        'item.changed': {
          actions: { type: 'changeItem', params: ({ event }) => event },
          description: 'A file was read, sent in part, or has ended: its row and the totals follow.',
        },
        'files.added': {
          guard: 'hasFiles',
          actions: { type: 'addBatch', params: ({ event }) => event },
          description: 'The files are listed as waiting; their batch goes after those before it.',
        },
      },
    },
    Next: {
      description: 'Whether another batch waits its turn.',
      always: [
        {
          guard: 'hasQueuedBatch',
          target: 'Sending',
          description: 'The next batch goes.',
        },
        { target: 'Idle', description: 'Every file added has ended.' },
      ],
    },
  },
});
