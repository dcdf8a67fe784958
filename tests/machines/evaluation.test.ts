// The evaluation panel's flow (issue 9): every path of its graph, then the rules a person sees — launching and
// following the job live, answers and comments shown at once, replaced by the server's result or put back, validation shown at once and put
// back on refusal, read-only readers, and how live messages become the machine's events. The evaluation lives in
// the query cache: the tests read it there, written by the machine's real cache actions.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Conversation } from '../../contract/conversations';
import type { ConversationProgress } from '../../contract/live';
import type { Evaluation } from '../../contract/evaluations';
import { createEvaluationCacheActions, toEvaluationEvent } from '../../src/machines/evaluation/actors';
import {
  evaluationMachine,
  type EvaluationInput,
  type EvaluationLiveEvent,
  type SentAnswer,
} from '../../src/machines/evaluation/machine';
import {
  selectMayAskValidation,
  selectPanelFailure,
  selectSavingItemId,
  selectStage,
} from '../../src/machines/evaluation/selectors';
import { ApiError } from '../../src/services/api-error';
import { conversationKeys } from '../../src/services/queries/conversations';
import { testGraph } from './graph-tests';
import { eventStreamStub, promiseStub, settle } from './stubs';
import { evaluationGraph, fixtures } from './support/machine-graphs';

/** The conversation as the page read it, holding `evaluation`. */
const conversationWith = (evaluation: Evaluation | null): Conversation => ({
  id: fixtures.conversationId,
  campaign_id: '00000000-0000-4000-8000-0000000000a2',
  type: 'chat',
  agent: null,
  status: 'ready',
  status_reason: null,
  status_detail: null,
  language: 'en',
  started_at: 1_767_225_600,
  duration_s: 60,
  metadata: {},
  external_id: null,
  sentiment: null,
  topics: [],
  has_audio: false,
  created_at: 1_767_225_600,
  campaign_name: 'Support calls',
  is_test: false,
  turns: [],
  phases: [],
  transcript_version: 1,
  transcription: null,
  analysis: null,
  evaluation,
});

/** The machine with its API and live channel stubbed, writing to a query cache that holds `evaluation`. */
function startEvaluation(input: EvaluationInput, evaluation: Evaluation | null = evaluationOf(input)) {
  const queryClient = new QueryClient();
  const key = conversationKeys.one(input.conversationId);
  queryClient.setQueryData(key, conversationWith(evaluation));
  const launchEvaluation = promiseStub<Evaluation, { conversationId: string; itemId: string | null }>(
    'launchEvaluation',
  );
  const saveAnswer = promiseStub<Evaluation, SentAnswer>('saveAnswer');
  const setValidation = promiseStub<Evaluation, { conversationId: string; validated: boolean }>(
    'setValidation',
  );
  const readEvaluation = promiseStub<Evaluation | null, { conversationId: string }>('readEvaluation');
  const liveEvaluation = eventStreamStub<EvaluationLiveEvent, { conversationId: string }>('liveEvaluation');
  const machine = evaluationMachine.provide({
    actors: {
      launchEvaluation: launchEvaluation.logic,
      saveAnswer: saveAnswer.logic,
      setValidation: setValidation.logic,
      readEvaluation: readEvaluation.logic,
      liveEvaluation: liveEvaluation.logic,
    },
    actions: createEvaluationCacheActions(queryClient),
  });
  const actor = createActor(machine, { input }).start();
  const live = (event: EvaluationLiveEvent) => liveEvaluation.emit(event);
  return {
    actor,
    queryClient,
    launchEvaluation,
    saveAnswer,
    setValidation,
    readEvaluation,
    liveEvaluation,
    /** The evaluation as the page shows it: the query cache's. */
    shown: () => queryClient.getQueryData<Conversation>(key)?.evaluation ?? null,
    /** The server answers a read with `result`, which lands in the cache (as `fetchQuery` does). */
    serverReads: async (result: Evaluation | null) => {
      queryClient.setQueryData(key, conversationWith(result));
      readEvaluation.resolve(result);
      await settle();
    },
    outcomes: { launchEvaluation, saveAnswer, setValidation, readEvaluation, liveEvaluation },
    deliver: { 'job.queued': live, 'job.progressed': live, 'job.ended': live },
  };
}

const { doneEvaluation, queuedEvaluation, runningEvaluation, validatedEvaluation } = fixtures;
const evaluations = { done: doneEvaluation, queued: queuedEvaluation, running: runningEvaluation };
function evaluationOf({ status }: EvaluationInput): Evaluation | null {
  if (status === null) return null;
  if (status === 'failed') return fixtures.failedEvaluation;
  return evaluations[status];
}

testGraph(evaluationGraph, (input: EvaluationInput) => startEvaluation(input));

const supervisorId = '00000000-0000-4000-8000-000000000002';
const supervisor = (evaluation: Evaluation | null): EvaluationInput => ({
  conversationId: fixtures.conversationId,
  userId: supervisorId,
  canChange: true,
  status: evaluation?.status ?? null,
});
const item = doneEvaluation.items[0]!;
const humanEvaluation: Evaluation = {
  ...doneEvaluation,
  main_score: 0,
  items: [{ ...item, value: 'no', score: 0, source: 'human', comment: 'The agent never said it' }],
};

describe('evaluation rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a launch is queued, runs with live progress, and shows the result read once the job is done', async () => {
    const { actor, launchEvaluation, liveEvaluation, readEvaluation, shown, serverReads } = startEvaluation(
      supervisor(null),
    );
    expect(selectStage(actor.getSnapshot())).toBe('none');
    actor.send({ type: 'evaluation.launch', itemId: null });
    expect(selectStage(actor.getSnapshot())).toBe('launching');
    expect(launchEvaluation.runs[0]?.input).toEqual({
      conversationId: fixtures.conversationId,
      itemId: null,
    });
    launchEvaluation.resolve(queuedEvaluation);
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('queued');
    expect(shown()).toEqual(queuedEvaluation);

    liveEvaluation.emit({ type: 'job.progressed', progress: 0.4 });
    expect(selectStage(actor.getSnapshot())).toBe('running');
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    expect(readEvaluation.runs).toHaveLength(0);

    liveEvaluation.emit({ type: 'job.ended' });
    expect(selectStage(actor.getSnapshot())).toBe('collecting');
    expect(readEvaluation.runs).toHaveLength(1);
    await serverReads(doneEvaluation);
    expect(selectStage(actor.getSnapshot())).toBe('done');
    expect(shown()).toEqual(doneEvaluation);
  });

  it('a result read too early (still running) is read again a second later, until it is in', async () => {
    const { actor, liveEvaluation, readEvaluation, serverReads } = startEvaluation(
      supervisor(queuedEvaluation),
    );
    liveEvaluation.emit({ type: 'job.ended' });
    await serverReads({ ...queuedEvaluation, status: 'running' });
    expect(selectStage(actor.getSnapshot())).toBe('collecting');
    vi.advanceTimersByTime(999);
    expect(readEvaluation.runs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(readEvaluation.runs).toHaveLength(2);
    await serverReads({ ...doneEvaluation, status: 'failed', items: [] });
    expect(selectStage(actor.getSnapshot())).toBe('failed');
  });

  it('without any live message while a job works, the evaluation is read again every 10 seconds', async () => {
    const { actor, readEvaluation, serverReads } = startEvaluation(supervisor(queuedEvaluation));
    vi.advanceTimersByTime(9_999);
    expect(readEvaluation.runs).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(readEvaluation.runs).toHaveLength(1);
    expect(selectStage(actor.getSnapshot())).toBe('queued');
    await serverReads(runningEvaluation);
    expect(selectStage(actor.getSnapshot())).toBe('running');
    vi.advanceTimersByTime(10_000);
    expect(readEvaluation.runs).toHaveLength(2);
    await serverReads(doneEvaluation);
    expect(selectStage(actor.getSnapshot())).toBe('done');
  });

  it('a job that ends before the launch is answered has its result read at once', async () => {
    const { actor, launchEvaluation, liveEvaluation, readEvaluation } = startEvaluation(
      supervisor(doneEvaluation),
    );
    actor.send({ type: 'evaluation.launch', itemId: item.item_id });
    expect(actor.getSnapshot().context.relaunchedItemId).toBe(item.item_id);
    liveEvaluation.emit({ type: 'job.ended' });
    expect(selectStage(actor.getSnapshot())).toBe('collecting');
    expect(readEvaluation.runs).toHaveLength(1);
    expect(launchEvaluation.runs[0]?.signal.aborted).toBe(true);
  });

  it('a refused launch says so and leaves the evaluation as it was', async () => {
    const { actor, launchEvaluation, shown } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'evaluation.launch', itemId: null });
    launchEvaluation.reject(new ApiError(422, 'No published grid'));
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('done');
    expect(shown()).toEqual(doneEvaluation);
    expect(selectPanelFailure(actor.getSnapshot())).toMatchObject({ action: 'launch' });
    actor.send({ type: 'failure.dismiss' });
    expect(selectPanelFailure(actor.getSnapshot())).toBeNull();
  });

  it("a chosen answer is shown at once, sent with the item's comment, and the server's result replaces it", async () => {
    const { actor, saveAnswer, shown } = startEvaluation(supervisor(doneEvaluation));
    const answer = { itemId: item.item_id, itemType: 'binary_item', value: 'no', comment: null } as const;
    actor.send({ type: 'item.answer', ...answer });
    expect(saveAnswer.runs[0]?.input).toEqual({
      conversationId: fixtures.conversationId,
      ...answer,
      part: 'answer',
    });
    expect(selectSavingItemId(actor.getSnapshot())).toBe(item.item_id);
    expect(shown()?.items[0]).toMatchObject({ value: 'no', source: 'human', score: 100 });
    saveAnswer.resolve(humanEvaluation);
    await settle();
    expect(actor.getSnapshot().matches({ Settled: { Evaluated: 'Reading' } })).toBe(true);
    expect(selectSavingItemId(actor.getSnapshot())).toBeNull();
    expect(shown()).toEqual(humanEvaluation);
  });

  it('a comment is sent as a comment alone, shown at once', async () => {
    const { actor, saveAnswer, shown } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'item.comment', itemId: item.item_id, comment: 'Heard it' });
    expect(saveAnswer.runs).toHaveLength(1);
    expect(saveAnswer.runs[0]?.input).toMatchObject({ part: 'comment', comment: 'Heard it' });
    expect(shown()?.items[0]).toMatchObject({ value: 'yes', source: 'ai', comment: 'Heard it' });
    saveAnswer.resolve({ ...doneEvaluation, items: [{ ...item, comment: 'Heard it' }] });
    await settle();
    expect(shown()?.items[0]?.comment).toBe('Heard it');
  });

  it('a refused answer is put back and said at its item, not in the panel', async () => {
    const { actor, saveAnswer, shown } = startEvaluation(supervisor(doneEvaluation));
    actor.send({
      type: 'item.answer',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'no',
      comment: null,
    });
    expect(shown()?.items[0]?.value).toBe('no');
    saveAnswer.reject(new ApiError(409, 'The evaluation is not done'));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ Settled: { Evaluated: 'Reading' } })).toBe(true);
    expect(snapshot.context.failure).toMatchObject({ action: 'saveAnswer', itemId: item.item_id });
    expect(selectPanelFailure(snapshot)).toBeNull();
    expect(shown()).toEqual(doneEvaluation);
    actor.send({
      type: 'item.answer',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'no',
      comment: null,
    });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('a refused comment is said as a comment failure, and put back', async () => {
    const { actor, saveAnswer, shown } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'item.comment', itemId: item.item_id, comment: 'x' });
    saveAnswer.reject(new ApiError(409, 'The evaluation is not done'));
    await settle();
    expect(actor.getSnapshot().context.failure).toMatchObject({ action: 'saveComment' });
    expect(shown()).toEqual(doneEvaluation);
  });

  it('a second answer while the first is being saved is not taken', () => {
    const { actor, saveAnswer } = startEvaluation(supervisor(doneEvaluation));
    actor.send({
      type: 'item.answer',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'no',
      comment: null,
    });
    actor.send({
      type: 'item.answer',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'na',
      comment: null,
    });
    expect(saveAnswer.runs).toHaveLength(1);
    expect(actor.getSnapshot().context.sent).toMatchObject({ part: 'answer', value: 'no' });
  });

  it('"validate and next" pressed while an answer is saved waits for it, then goes; a refused answer drops it', async () => {
    const answer = { itemId: item.item_id, itemType: 'binary_item', value: 'no', comment: null } as const;
    const { actor, saveAnswer, setValidation, shown } = startEvaluation(supervisor(doneEvaluation));
    const told: unknown[] = [];
    actor.on('evaluation.validated', (event) => told.push(event));
    actor.send({ type: 'item.answer', ...answer });
    expect(selectMayAskValidation(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'evaluation.validate', validated: true, then: 'next' });
    expect(selectMayAskValidation(actor.getSnapshot())).toBe(false);
    expect(setValidation.runs).toHaveLength(0);
    saveAnswer.resolve(humanEvaluation);
    await settle();
    expect(setValidation.runs[0]?.input).toEqual({
      conversationId: fixtures.conversationId,
      validated: true,
    });
    expect(shown()).toMatchObject({ main_score: 0, validated: true, validated_by: supervisorId });
    setValidation.resolve({ ...humanEvaluation, validated: true });
    await settle();
    expect(told).toEqual([{ type: 'evaluation.validated', then: 'next' }]);

    const refused = startEvaluation(supervisor(doneEvaluation));
    refused.actor.send({ type: 'item.answer', ...answer });
    refused.actor.send({ type: 'evaluation.validate', validated: true, then: 'next' });
    refused.saveAnswer.reject(new ApiError(409, 'The evaluation is not done'));
    await settle();
    expect(refused.actor.getSnapshot().matches({ Settled: { Evaluated: 'Reading' } })).toBe(true);
    expect(refused.setValidation.runs).toHaveLength(0);
    expect(refused.shown()).toEqual(doneEvaluation);
  });

  it('"validate and next" tells the page to go on only once the server accepted the validation', async () => {
    const { actor, setValidation } = startEvaluation(supervisor(doneEvaluation));
    const told: unknown[] = [];
    actor.on('evaluation.validated', (event) => told.push(event));
    actor.send({ type: 'evaluation.validate', validated: true, then: 'next' });
    await settle();
    expect(told).toEqual([]);
    setValidation.reject(new ApiError(403, 'Forbidden'));
    await settle();
    expect(told).toEqual([]);
    actor.send({ type: 'evaluation.validate', validated: true, then: 'next' });
    setValidation.resolve(validatedEvaluation);
    await settle();
    expect(told).toEqual([{ type: 'evaluation.validated', then: 'next' }]);
    actor.send({ type: 'evaluation.validate', validated: false });
    setValidation.resolve(doneEvaluation);
    await settle();
    expect(told).toEqual([
      { type: 'evaluation.validated', then: 'next' },
      { type: 'evaluation.validated', then: 'stay' },
    ]);
  });

  it('validating shows the evaluation validated by the user at once, and keeps the server answer', async () => {
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const { actor, setValidation, shown } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'evaluation.validate', validated: true });
    expect(setValidation.runs[0]?.input).toEqual({
      conversationId: fixtures.conversationId,
      validated: true,
    });
    expect(shown()).toMatchObject({
      validated: true,
      validated_by: supervisorId,
      validated_at: Date.parse('2026-01-01T10:00:00Z') / 1000,
    });
    setValidation.resolve(validatedEvaluation);
    await settle();
    expect(shown()).toEqual(validatedEvaluation);
  });

  it('a refused validation is put back and said; so is a refused un-validation', async () => {
    const { actor, setValidation, shown } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'evaluation.validate', validated: true });
    setValidation.reject(new ApiError(403, 'Forbidden'));
    await settle();
    expect(shown()).toEqual(doneEvaluation);
    expect(selectPanelFailure(actor.getSnapshot())).toMatchObject({ action: 'validate' });

    const validated = startEvaluation(supervisor(validatedEvaluation), validatedEvaluation);
    validated.actor.send({ type: 'evaluation.validate', validated: false });
    expect(validated.shown()?.validated).toBe(false);
    expect(validated.setValidation.runs[0]?.input.validated).toBe(false);
    expect(selectPanelFailure(validated.actor.getSnapshot())).toBeNull();
    validated.setValidation.reject(new TypeError('Network request failed'));
    await settle();
    expect(validated.shown()).toEqual(validatedEvaluation);
    expect(selectPanelFailure(validated.actor.getSnapshot())).toMatchObject({ action: 'unvalidate' });
  });

  it('a reader who may not change it cannot launch, edit or validate', () => {
    const { actor, launchEvaluation, saveAnswer, setValidation, shown } = startEvaluation({
      ...supervisor(doneEvaluation),
      canChange: false,
    });
    actor.send({ type: 'evaluation.launch', itemId: null });
    actor.send({
      type: 'item.answer',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'no',
      comment: null,
    });
    actor.send({ type: 'evaluation.validate', validated: true });
    expect(actor.getSnapshot().matches({ Settled: { Evaluated: 'Reading' } })).toBe(true);
    expect(shown()).toEqual(doneEvaluation);
    expect(launchEvaluation.runs).toHaveLength(0);
    expect(saveAnswer.runs).toHaveLength(0);
    expect(setValidation.runs).toHaveLength(0);
  });

  it('rights read after the start are followed: a reader told they may change it can answer, and back', () => {
    const { actor, saveAnswer } = startEvaluation({ ...supervisor(doneEvaluation), canChange: false });
    const answer = { itemId: item.item_id, itemType: 'binary_item', value: 'no', comment: null } as const;
    actor.send({ type: 'rights.changed', canChange: true });
    actor.send({ type: 'item.answer', ...answer });
    expect(saveAnswer.runs).toHaveLength(1);

    const demoted = startEvaluation(supervisor(doneEvaluation));
    demoted.actor.send({ type: 'rights.changed', canChange: false });
    demoted.actor.send({ type: 'item.answer', ...answer });
    expect(demoted.saveAnswer.runs).toHaveLength(0);
  });

  it('someone else’s launch is followed: queued, then running', () => {
    const { actor, liveEvaluation } = startEvaluation(supervisor(doneEvaluation));
    liveEvaluation.emit({ type: 'job.queued' });
    expect(selectStage(actor.getSnapshot())).toBe('queued');
    liveEvaluation.emit({ type: 'job.progressed', progress: 0.1 });
    expect(selectStage(actor.getSnapshot())).toBe('running');
  });
});

describe('live messages as evaluation events', () => {
  const message = (job: ConversationProgress['job']): ConversationProgress => ({
    type: 'conversation',
    conversation_id: fixtures.conversationId,
    campaign_id: '00000000-0000-4000-8000-0000000000a2',
    status: 'ready',
    status_reason: null,
    status_detail: null,
    job,
  });
  const job = (
    status: 'queued' | 'running' | 'done' | 'failed',
    kind: 'evaluation' | 'analysis' = 'evaluation',
  ) => ({
    job_id: '00000000-0000-4000-8000-0000000000f1',
    kind,
    status,
    progress: 0.25,
    error: null,
  });

  it.each([
    ['queued', { type: 'job.queued' }],
    ['running', { type: 'job.progressed', progress: 0.25 }],
    ['done', { type: 'job.ended' }],
    ['failed', { type: 'job.ended' }],
  ] as const)('an evaluation job %s is %o', (status, event) => {
    expect(toEvaluationEvent(message(job(status)))).toEqual(event);
  });

  it('another job, or a message without a job, is no event of the flow (the cache mappings handle it)', () => {
    expect(toEvaluationEvent(message(job('done', 'analysis')))).toBeNull();
    expect(toEvaluationEvent(message(null))).toBeNull();
  });
});
