// The evaluation panel's flow (issue 9): every path of its graph, then the rules a person sees — launching and
// following the job live, answers and comments replaced by the server's result, validation shown at once and put
// back on refusal, read-only readers, and how live messages become the machine's events.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ConversationProgress } from '../../contract/conversations';
import type { Evaluation } from '../../contract/evaluations';
import { toEvaluationEvent } from '../../src/machines/evaluation/actors';
import {
  evaluationMachine,
  type EvaluationInput,
  type EvaluationLiveEvent,
  type ItemAnswer,
} from '../../src/machines/evaluation/machine';
import { selectPanelFailure, selectStage } from '../../src/machines/evaluation/selectors';
import { ApiError } from '../../src/services/api-error';
import { testGraph } from './graph-tests';
import { eventStreamStub, promiseStub, settle } from './stubs';
import { evaluationGraph, fixtures } from './support/machine-graphs';

type SentAnswer = ItemAnswer & { conversationId: string };

function startEvaluation(input: EvaluationInput) {
  const launchEvaluation = promiseStub<Evaluation, { conversationId: string; itemId: string | null }>(
    'launchEvaluation',
  );
  const saveAnswer = promiseStub<Evaluation, SentAnswer>('saveAnswer');
  const saveComment = promiseStub<Evaluation, SentAnswer>('saveComment');
  const validateEvaluation = promiseStub<Evaluation, { conversationId: string }>('validateEvaluation');
  const unvalidateEvaluation = promiseStub<Evaluation, { conversationId: string }>('unvalidateEvaluation');
  const liveEvaluation = eventStreamStub<EvaluationLiveEvent, { conversationId: string }>('liveEvaluation');
  const refetchEvaluation = vi.fn();
  const machine = evaluationMachine.provide({
    actors: {
      launchEvaluation: launchEvaluation.logic,
      saveAnswer: saveAnswer.logic,
      saveComment: saveComment.logic,
      validateEvaluation: validateEvaluation.logic,
      unvalidateEvaluation: unvalidateEvaluation.logic,
      liveEvaluation: liveEvaluation.logic,
    },
    actions: { refetchEvaluation },
  });
  const actor = createActor(machine, { input }).start();
  const live = (event: EvaluationLiveEvent) => liveEvaluation.emit(event);
  return {
    actor,
    launchEvaluation,
    saveAnswer,
    saveComment,
    validateEvaluation,
    unvalidateEvaluation,
    liveEvaluation,
    refetchEvaluation,
    outcomes: {
      launchEvaluation,
      saveAnswer,
      saveComment,
      validateEvaluation,
      unvalidateEvaluation,
      liveEvaluation,
    },
    deliver: {
      'job.queued': live,
      'job.progressed': live,
      'job.finished': live,
      'job.failed': live,
      'conversation.changed': live,
    },
  };
}

testGraph(evaluationGraph, startEvaluation);

const supervisorId = '00000000-0000-4000-8000-000000000002';
const supervisor = (evaluation: Evaluation | null): EvaluationInput => ({
  conversationId: fixtures.conversationId,
  userId: supervisorId,
  canChange: true,
  evaluation,
});
const { doneEvaluation, queuedEvaluation, validatedEvaluation } = fixtures;
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
    const { actor, launchEvaluation, liveEvaluation, refetchEvaluation } = startEvaluation(supervisor(null));
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
    expect(actor.getSnapshot().context.evaluation).toEqual(queuedEvaluation);

    liveEvaluation.emit({ type: 'job.progressed', progress: 0.4 });
    expect(selectStage(actor.getSnapshot())).toBe('running');
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    expect(refetchEvaluation).not.toHaveBeenCalled();

    liveEvaluation.emit({ type: 'job.finished' });
    expect(selectStage(actor.getSnapshot())).toBe('collecting');
    expect(refetchEvaluation).toHaveBeenCalledTimes(1);
    actor.send({ type: 'evaluation.refreshed', evaluation: doneEvaluation });
    expect(selectStage(actor.getSnapshot())).toBe('done');
    expect(actor.getSnapshot().context.evaluation).toEqual(doneEvaluation);
  });

  it('a result read too early (still running) is read again a second later, until it is in', () => {
    const { actor, liveEvaluation, refetchEvaluation } = startEvaluation(supervisor(queuedEvaluation));
    liveEvaluation.emit({ type: 'job.finished' });
    actor.send({ type: 'evaluation.refreshed', evaluation: { ...queuedEvaluation, status: 'running' } });
    expect(selectStage(actor.getSnapshot())).toBe('collecting');
    vi.advanceTimersByTime(1000);
    expect(refetchEvaluation).toHaveBeenCalledTimes(2);
    actor.send({
      type: 'evaluation.refreshed',
      evaluation: { ...doneEvaluation, status: 'failed', items: [] },
    });
    expect(selectStage(actor.getSnapshot())).toBe('failed');
  });

  it('without any live message while a job works, the evaluation is read again every 10 seconds', () => {
    const { refetchEvaluation } = startEvaluation(supervisor(queuedEvaluation));
    vi.advanceTimersByTime(9_999);
    expect(refetchEvaluation).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetchEvaluation).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(refetchEvaluation).toHaveBeenCalledTimes(2);
  });

  it('a job that ends before the launch is answered has its result read as soon as the answer comes', async () => {
    const { actor, launchEvaluation, liveEvaluation, refetchEvaluation } = startEvaluation(
      supervisor(doneEvaluation),
    );
    actor.send({ type: 'evaluation.launch', itemId: item.item_id });
    expect(actor.getSnapshot().context.relaunchedItemId).toBe(item.item_id);
    liveEvaluation.emit({ type: 'job.finished' });
    launchEvaluation.resolve(queuedEvaluation);
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('collecting');
    expect(refetchEvaluation).toHaveBeenCalledTimes(1);
  });

  it('a refused launch says so and leaves the evaluation as it was', async () => {
    const { actor, launchEvaluation } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'evaluation.launch', itemId: null });
    launchEvaluation.reject(new ApiError(422, 'No published grid'));
    await settle();
    expect(selectStage(actor.getSnapshot())).toBe('done');
    expect(selectPanelFailure(actor.getSnapshot())).toMatchObject({ action: 'launch' });
    actor.send({ type: 'failure.dismiss' });
    expect(selectPanelFailure(actor.getSnapshot())).toBeNull();
  });

  it("a changed answer is sent with its comment, and the server's result replaces the local one", async () => {
    const { actor, saveAnswer, saveComment } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'item.edit', itemId: item.item_id });
    const answer = {
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'no',
      comment: 'The agent never said it',
    } as const;
    actor.send({ type: 'edit.submit', ...answer });
    expect(saveAnswer.runs[0]?.input).toEqual({ conversationId: fixtures.conversationId, ...answer });
    expect(saveComment.runs).toHaveLength(0);
    saveAnswer.resolve(humanEvaluation);
    await settle();
    expect(actor.getSnapshot().matches({ Evaluated: 'Reading' })).toBe(true);
    expect(actor.getSnapshot().context.evaluation).toEqual(humanEvaluation);
    expect(actor.getSnapshot().context.editingItemId).toBeNull();
  });

  it('a comment alone is sent as a comment; a form with nothing changed sends nothing', async () => {
    const { actor, saveAnswer, saveComment } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'item.edit', itemId: item.item_id });
    actor.send({
      type: 'edit.submit',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'yes',
      comment: null,
    });
    expect(actor.getSnapshot().matches({ Evaluated: 'Reading' })).toBe(true);
    actor.send({ type: 'item.edit', itemId: item.item_id });
    actor.send({
      type: 'edit.submit',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'yes',
      comment: 'Heard it',
    });
    expect(saveComment.runs[0]?.input.comment).toBe('Heard it');
    expect(saveAnswer.runs).toHaveLength(0);
    saveComment.resolve({ ...doneEvaluation, items: [{ ...item, comment: 'Heard it' }] });
    await settle();
    expect(actor.getSnapshot().context.evaluation?.items[0]?.comment).toBe('Heard it');
  });

  it('a refused answer keeps the form open with the reason, the evaluation unchanged', async () => {
    const { actor, saveAnswer } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'item.edit', itemId: item.item_id });
    actor.send({
      type: 'edit.submit',
      itemId: item.item_id,
      itemType: 'binary_item',
      value: 'no',
      comment: null,
    });
    saveAnswer.reject(new ApiError(409, 'The evaluation is not done'));
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ Evaluated: 'Editing' })).toBe(true);
    expect(snapshot.context.failure).toMatchObject({ action: 'saveAnswer' });
    expect(selectPanelFailure(snapshot)).toBeNull();
    expect(snapshot.context.evaluation).toEqual(doneEvaluation);
  });

  it('validating shows the evaluation validated by the user at once, and keeps the server answer', async () => {
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    const { actor, validateEvaluation } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'evaluation.validate' });
    expect(actor.getSnapshot().context.evaluation).toMatchObject({
      validated: true,
      validated_by: supervisorId,
      validated_at: Date.parse('2026-01-01T10:00:00Z') / 1000,
    });
    validateEvaluation.resolve(validatedEvaluation);
    await settle();
    expect(actor.getSnapshot().context.evaluation).toEqual(validatedEvaluation);
  });

  it('a refused validation is put back and said; so is a refused un-validation', async () => {
    const { actor, validateEvaluation, unvalidateEvaluation } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'evaluation.validate' });
    validateEvaluation.reject(new ApiError(403, 'Forbidden'));
    await settle();
    expect(actor.getSnapshot().context.evaluation).toEqual(doneEvaluation);
    expect(selectPanelFailure(actor.getSnapshot())).toMatchObject({ action: 'validate' });

    actor.send({ type: 'evaluation.refreshed', evaluation: validatedEvaluation });
    actor.send({ type: 'evaluation.unvalidate' });
    expect(actor.getSnapshot().context.evaluation?.validated).toBe(false);
    expect(selectPanelFailure(actor.getSnapshot())).toBeNull();
    unvalidateEvaluation.reject(new TypeError('Network request failed'));
    await settle();
    expect(actor.getSnapshot().context.evaluation).toEqual(validatedEvaluation);
    expect(selectPanelFailure(actor.getSnapshot())).toMatchObject({ action: 'unvalidate' });
  });

  it('a reader who may not change it cannot launch, edit or validate', () => {
    const { actor, launchEvaluation } = startEvaluation({ ...supervisor(doneEvaluation), canChange: false });
    actor.send({ type: 'evaluation.launch', itemId: null });
    actor.send({ type: 'item.edit', itemId: item.item_id });
    actor.send({ type: 'evaluation.validate' });
    expect(actor.getSnapshot().matches({ Evaluated: 'Reading' })).toBe(true);
    expect(actor.getSnapshot().context.evaluation).toEqual(doneEvaluation);
    expect(launchEvaluation.runs).toHaveLength(0);
  });

  it('any other message about the conversation reads it again; someone else’s launch is followed', () => {
    const { actor, liveEvaluation, refetchEvaluation } = startEvaluation(supervisor(doneEvaluation));
    liveEvaluation.emit({ type: 'conversation.changed' });
    expect(refetchEvaluation).toHaveBeenCalledTimes(1);
    liveEvaluation.emit({ type: 'job.progressed', progress: 0.1 });
    expect(selectStage(actor.getSnapshot())).toBe('running');
  });

  it('a refresh while the answer form is open keeps it open unless the evaluation moved on', () => {
    const { actor } = startEvaluation(supervisor(doneEvaluation));
    actor.send({ type: 'item.edit', itemId: item.item_id });
    actor.send({ type: 'evaluation.refreshed', evaluation: validatedEvaluation });
    expect(actor.getSnapshot().matches({ Evaluated: 'Editing' })).toBe(true);
    actor.send({ type: 'evaluation.refreshed', evaluation: queuedEvaluation });
    expect(selectStage(actor.getSnapshot())).toBe('queued');
    expect(actor.getSnapshot().context.editingItemId).toBeNull();
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
    ['done', { type: 'job.finished' }],
    ['failed', { type: 'job.failed' }],
  ] as const)('an evaluation job %s is %o', (status, event) => {
    expect(toEvaluationEvent(message(job(status)))).toEqual(event);
  });

  it('another job, or a message without a job, says the conversation changed', () => {
    expect(toEvaluationEvent(message(job('done', 'analysis')))).toEqual({ type: 'conversation.changed' });
    expect(toEvaluationEvent(message(null))).toEqual({ type: 'conversation.changed' });
  });
});
