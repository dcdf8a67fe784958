// What views read from the evaluation actor (the evaluation itself they read from the conversation's query).
import type { SnapshotFrom } from 'xstate';
import type { evaluationMachine } from './machine';

type EvaluationSnapshot = SnapshotFrom<typeof evaluationMachine>;

/** One word for where the evaluation stands, also given to the page as `data-state`. */
export type EvaluationStage = 'none' | 'launching' | 'queued' | 'running' | 'collecting' | 'failed' | 'done';

export function selectStage(snapshot: EvaluationSnapshot): EvaluationStage {
  if (snapshot.matches({ Settled: 'NotEvaluated' })) return 'none';
  if (snapshot.matches({ Working: 'Launching' })) return 'launching';
  if (snapshot.matches({ Working: 'Queued' })) return 'queued';
  if (snapshot.matches({ Working: 'Running' })) return 'running';
  if (snapshot.matches({ Working: 'Polling' }))
    return snapshot.context.status === 'queued' ? 'queued' : 'running';
  if (snapshot.matches({ Working: 'Collecting' })) return 'collecting';
  if (snapshot.matches({ Settled: 'Failed' })) return 'failed';
  return 'done';
}

export const selectProgress = (snapshot: EvaluationSnapshot) => snapshot.context.progress;
export const selectCanChange = (snapshot: EvaluationSnapshot) => snapshot.context.canChange;
export const selectIsBusy = (snapshot: EvaluationSnapshot) => snapshot.hasTag('busy');
export const selectIsWorking = (snapshot: EvaluationSnapshot) => snapshot.hasTag('working');
export const selectRelaunchedItemId = (snapshot: EvaluationSnapshot) =>
  snapshot.hasTag('working') ? snapshot.context.relaunchedItemId : null;
/** The item whose answer or comment is being saved; null when none is. */
export const selectSavingItemId = (snapshot: EvaluationSnapshot) =>
  snapshot.matches({ Settled: { Evaluated: 'Saving' } }) ? (snapshot.context.sent?.itemId ?? null) : null;
export const selectFailure = (snapshot: EvaluationSnapshot) => snapshot.context.failure;
/** Failures said in the panel; a refused answer or comment is said at its item. */
export const selectPanelFailure = (snapshot: EvaluationSnapshot) =>
  snapshot.context.failure?.itemId ? null : snapshot.context.failure;
/** Whether a validation asked now is taken: not while one is sent or a launch is asked; after an answer on its way. */
export const selectMayAskValidation = (snapshot: EvaluationSnapshot) =>
  !snapshot.hasTag('busy') || snapshot.matches({ Settled: { Evaluated: { Saving: 'Alone' } } });
