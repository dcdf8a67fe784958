// The test-call panel's flow (issue 11): every path of its graph, then the rules a person sees — a file sent and
// followed live to its result, a refusal said, an earlier test call opened, a missed live message made up by the
// poll, and how live messages become the machine's events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ConversationProgress } from '../../contract/live';
import type { TestCall } from '../../contract/test-calls';
import { toTestCallEvent } from '../../src/machines/test-call/actors';
import {
  testCallMachine,
  type TestCallInput,
  type TestCallLiveEvent,
} from '../../src/machines/test-call/machine';
import {
  selectFileName,
  selectJob,
  selectStage,
  selectUploadError,
} from '../../src/machines/test-call/selectors';
import { ApiError } from '../../src/services/api-error';
import { testGraph } from './graph-tests';
import { eventStreamStub, promiseStub, settle } from './stubs';
import { fixtures, testCallGraph } from './support/machine-graphs';

function startTestCall(input: TestCallInput) {
  const uploadTestCall = promiseStub<TestCall, { campaignId: string; file: File }>('uploadTestCall');
  const loadTestCall = promiseStub<TestCall, { campaignId: string; testCallId: string }>('loadTestCall');
  const liveTestCall = eventStreamStub<TestCallLiveEvent, { testCallId: string }>('liveTestCall');
  const refreshList = vi.fn();
  const machine = testCallMachine.provide({
    actors: {
      uploadTestCall: uploadTestCall.logic,
      loadTestCall: loadTestCall.logic,
      liveTestCall: liveTestCall.logic,
    },
    actions: { refreshList },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    uploadTestCall,
    loadTestCall,
    liveTestCall,
    refreshList,
    outcomes: { uploadTestCall, loadTestCall, liveTestCall },
    deliver: { 'live.changed': liveTestCall.emit },
  };
}

const input: TestCallInput = { campaignId: fixtures.doneTestCall.campaign_id };
const runningJob = {
  job_id: fixtures.doneTestCall.id,
  kind: 'evaluation' as const,
  status: 'running' as const,
  progress: 0.4,
  error: null,
};

testGraph(testCallGraph, startTestCall);

describe('test call rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the file, follows the live messages and shows the result, refreshing the list', async () => {
    const { actor, uploadTestCall, loadTestCall, liveTestCall, refreshList } = startTestCall(input);
    actor.send({ type: 'file.chosen', file: fixtures.testCallFile });
    expect(selectStage(actor.getSnapshot())).toBe('uploading');
    expect(selectFileName(actor.getSnapshot())).toBe('call.txt');
    expect(uploadTestCall.runs[0]?.input).toEqual({
      campaignId: input.campaignId,
      file: fixtures.testCallFile,
    });

    uploadTestCall.resolve(fixtures.analysingTestCall);
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('processing');
    expect(refreshList).toHaveBeenCalledTimes(1);
    expect(loadTestCall.runs).toHaveLength(0);

    // A running job's progress is kept while the test call is read again.
    liveTestCall.emit({ type: 'live.changed', job: runningJob });
    expect(selectJob(actor.getSnapshot())).toEqual(runningJob);
    expect(loadTestCall.runs[0]?.input).toEqual({
      campaignId: input.campaignId,
      testCallId: fixtures.doneTestCall.id,
    });
    loadTestCall.resolve(fixtures.doneTestCall);
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().context.testCall).toEqual(fixtures.doneTestCall);
    expect(refreshList).toHaveBeenCalledTimes(2);
    expect(liveTestCall.streams[0]?.observed).toBe(false);
  });

  it('says why the server refused the file, and takes another', async () => {
    const { actor, uploadTestCall } = startTestCall(input);
    actor.send({ type: 'file.chosen', file: fixtures.testCallFile });
    const refusal = new ApiError(415, 'A test call must be an audio file or a text transcript');
    uploadTestCall.reject(refusal);
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('refused');
    expect(selectUploadError(actor.getSnapshot())).toBe(refusal);
    actor.send({ type: 'file.chosen', file: fixtures.testCallFile });
    expect(selectStage(actor.getSnapshot())).toBe('uploading');
    expect(selectUploadError(actor.getSnapshot())).toBeNull();
  });

  it('shows a failed test call as failed', async () => {
    const { actor, loadTestCall } = startTestCall(input);
    actor.send({ type: 'testCall.open', testCallId: fixtures.failedTestCall.id });
    loadTestCall.resolve(fixtures.failedTestCall);
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('failed');
  });

  it('polls when no live message comes, and tries again after a failed read', async () => {
    const { actor, uploadTestCall, loadTestCall } = startTestCall(input);
    actor.send({ type: 'file.chosen', file: fixtures.testCallFile });
    uploadTestCall.resolve(fixtures.analysingTestCall);
    await settle();
    vi.advanceTimersByTime(5_000);
    expect(loadTestCall.runs).toHaveLength(1);
    loadTestCall.reject(fixtures.serverError);
    await settle();
    expect(actor.getSnapshot().matches({ Processing: 'Unreadable' })).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(loadTestCall.runs).toHaveLength(2);
  });

  it('reads any live message about the conversation as a change, with its job', () => {
    const message: ConversationProgress = {
      type: 'conversation',
      conversation_id: fixtures.doneTestCall.id,
      campaign_id: fixtures.doneTestCall.campaign_id,
      status: 'analysing',
      status_reason: null,
      status_detail: null,
      job: runningJob,
    };
    expect(toTestCallEvent(message)).toEqual({ type: 'live.changed', job: runningJob });
    expect(toTestCallEvent({ ...message, job: null })).toEqual({ type: 'live.changed', job: null });
  });
});
