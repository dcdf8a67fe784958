// The upload pages' flow (issue 8): every path of its graph, then the rules a person sees — files listed as
// waiting and sent batch after batch, each file's progress and outcome with the totals, the conversation lists
// read again after each batch, the finished files cleared — and a batch sent through the real upload code.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toArray, firstValueFrom } from 'rxjs';
import { sendBatch } from '../../src/machines/conversation-ingestion/actors';
import {
  conversationIngestionMachine,
  type ConversationIngestionInput,
  type ItemChangedEvent,
  type SendBatchInput,
} from '../../src/machines/conversation-ingestion/machine';
import { selectIsBusy, selectItems, selectTotals } from '../../src/machines/conversation-ingestion/selectors';
import type { ApiClient } from '../../src/services/api-client';
import { testGraph } from './graph-tests';
import { eventStreamStub, settle } from './stubs';
import { conversationIngestionGraph, fixtures } from './support/machine-graphs';

function startUpload(input: ConversationIngestionInput) {
  const sendBatchStub = eventStreamStub<ItemChangedEvent, SendBatchInput>('sendBatch');
  const refreshConversations = vi.fn();
  const machine = conversationIngestionMachine.provide({
    actors: { sendBatch: sendBatchStub.logic },
    actions: { refreshConversations },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    sendBatch: sendBatchStub,
    runs: sendBatchStub.inputs,
    refreshConversations,
    outcomes: {
      sendBatch: { resolve: () => sendBatchStub.complete(), reject: sendBatchStub.reject },
    },
    deliver: { 'item.changed': sendBatchStub.emit },
  };
}

const input: ConversationIngestionInput = { kind: 'chats', campaignId: fixtures.doneTestCall.campaign_id };
const file = (name: string) => new File(['x'], name, { type: 'text/csv' });
const added = (...names: string[]) => ({
  type: 'files.added' as const,
  files: names.map(file),
  agents: [fixtures.agent],
  batchAgent: fixtures.agent,
});

testGraph(conversationIngestionGraph, startUpload);

describe('conversations upload rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the files added as waiting and sends them as one batch, with the agent chosen', () => {
    const { actor, sendBatch, runs } = startUpload(input);
    actor.send(added('a.csv', 'b.csv'));
    const snapshot = actor.getSnapshot();
    expect(selectIsBusy(snapshot)).toBe(true);
    expect(
      selectItems(snapshot).map(({ id, name, status, progress }) => ({ id, name, status, progress })),
    ).toEqual([
      { id: 'upload-1', name: 'a.csv', status: 'waiting', progress: 0 },
      { id: 'upload-2', name: 'b.csv', status: 'waiting', progress: 0 },
    ]);
    expect(sendBatch.streams).toHaveLength(1);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      kind: 'chats',
      campaignId: input.campaignId,
      agents: [fixtures.agent],
      batchAgent: fixtures.agent,
    });
    expect(runs[0]?.files.map(({ id, file }) => [id, file.name])).toEqual([
      ['upload-1', 'a.csv'],
      ['upload-2', 'b.csv'],
    ]);
  });

  it("shows each file's progress and outcome, and the batch's totals", async () => {
    const { actor, sendBatch, refreshConversations } = startUpload(input);
    actor.send(added('a.csv', 'b.csv'));
    sendBatch.emit({ type: 'item.changed', id: 'upload-1', change: { status: 'sending', progress: 0.5 } });
    expect(selectItems(actor.getSnapshot())[0]).toMatchObject({ status: 'sending', progress: 0.5 });
    sendBatch.emit({
      type: 'item.changed',
      id: 'upload-1',
      change: { status: 'done', progress: 1, created: 3, duplicates: 1 },
    });
    const refusal = { key: 'csvSyntax', values: { line: 2 } };
    sendBatch.emit({
      type: 'item.changed',
      id: 'upload-2',
      change: { status: 'refused', progress: 1, refused: 1, refusal },
    });
    expect(selectItems(actor.getSnapshot())[1]).toMatchObject({ status: 'refused', refusal });
    expect(selectTotals(actor.getSnapshot())).toEqual({ created: 3, duplicates: 1, refused: 1 });
    expect(refreshConversations).not.toHaveBeenCalled();

    sendBatch.complete();
    await settle();
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    expect(refreshConversations).toHaveBeenCalledTimes(1);
  });

  it('sends files added meanwhile after the batch under way, reading the lists again after each', async () => {
    const { actor, sendBatch, runs, refreshConversations } = startUpload(input);
    actor.send(added('a.csv'));
    actor.send(added('b.csv', 'c.csv'));
    expect(selectItems(actor.getSnapshot()).map(({ id }) => id)).toEqual([
      'upload-1',
      'upload-2',
      'upload-3',
    ]);
    expect(sendBatch.streams).toHaveLength(1);

    sendBatch.complete();
    await settle();
    expect(refreshConversations).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('Sending');
    expect(sendBatch.streams).toHaveLength(2);
    expect(runs[1]?.files.map(({ id }) => id)).toEqual(['upload-2', 'upload-3']);

    sendBatch.complete();
    await settle();
    expect(refreshConversations).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('ignores an empty choice of files', () => {
    const { actor, sendBatch } = startUpload(input);
    actor.send(added());
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(sendBatch.streams).toHaveLength(0);
  });

  it('clears the finished files once nothing is being sent, keeping the ids going', async () => {
    const { actor, sendBatch, runs } = startUpload(input);
    actor.send(added('a.csv'));
    actor.send({ type: 'finished.clear' });
    expect(selectItems(actor.getSnapshot())).toHaveLength(1);
    sendBatch.emit({
      type: 'item.changed',
      id: 'upload-1',
      change: { status: 'done', progress: 1, created: 1 },
    });
    sendBatch.complete();
    await settle();
    actor.send({ type: 'finished.clear' });
    expect(selectItems(actor.getSnapshot())).toEqual([]);
    expect(selectTotals(actor.getSnapshot())).toEqual({ created: 0, duplicates: 0, refused: 0 });
    actor.send(added('b.csv'));
    expect(runs[1]?.files.map(({ id }) => id)).toEqual(['upload-2']);
  });

  it('a batch whose sending breaks off counts its unfinished files as refused, and the next batch goes', async () => {
    const { actor, sendBatch, refreshConversations } = startUpload(input);
    actor.send(added('a.csv', 'b.csv'));
    actor.send(added('c.csv'));
    sendBatch.emit({
      type: 'item.changed',
      id: 'upload-1',
      change: { status: 'done', progress: 1, created: 1 },
    });
    sendBatch.reject(new Error('The file could not be read'));
    await settle();
    expect(selectItems(actor.getSnapshot()).map(({ status, refused }) => [status, refused])).toEqual([
      ['done', 0],
      ['refused', 1],
      ['waiting', 0],
    ]);
    expect(refreshConversations).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('Sending');
    expect(sendBatch.streams).toHaveLength(2);
  });
});

describe('sendBatch', () => {
  it("reports a chat file's reading, sending and outcome, then ends", async () => {
    const submit = vi.fn(async (_path: string) => ({
      status: 200,
      data: {
        results: [{ id: '00000000-0000-4000-8000-0000000000d1', external_id: 'web-1', outcome: 'created' }],
      },
    }));
    const api = { submit } as unknown as ApiClient;
    const events = await firstValueFrom(
      sendBatch(api, {
        kind: 'chats',
        campaignId: input.campaignId,
        files: [{ id: 'upload-1', file: fixtures.chatsFile }],
        agents: [fixtures.agent],
        batchAgent: fixtures.agent,
      }).pipe(toArray()),
    );
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]?.[0]).toBe(`/campaigns/${input.campaignId}/conversations/batch`);
    expect(events.map(({ id }) => id)).toEqual(events.map(() => 'upload-1'));
    expect(events.map(({ change }) => change.status).filter(Boolean)).toEqual(['reading', 'sending', 'done']);
    expect(events.at(-2)?.change).toMatchObject({ created: 1, duplicates: 0, refused: 0, progress: 1 });
  });
});
