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
export const selectEditingItemId = (snapshot: EvaluationSnapshot) =>
  snapshot.hasTag('editing') ? (snapshot.context.editing?.itemId ?? null) : null;
export const selectIsSaving = (snapshot: EvaluationSnapshot) =>
  snapshot.matches({ Settled: { Evaluated: { Answering: 'Saving' } } });
export const selectFailure = (snapshot: EvaluationSnapshot) => snapshot.context.failure;
/** Failures said in the panel; those of the answer form are said in the form. */
export const selectPanelFailure = (snapshot: EvaluationSnapshot) =>
  snapshot.hasTag('editing') ? null : snapshot.context.failure;
