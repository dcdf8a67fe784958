// What views read from the evaluation actor.
import type { SnapshotFrom } from 'xstate';
import type { evaluationMachine } from './machine';

type EvaluationSnapshot = SnapshotFrom<typeof evaluationMachine>;

/** One word for where the evaluation stands, also given to the page as `data-state`. */
export type EvaluationStage = 'none' | 'launching' | 'queued' | 'running' | 'collecting' | 'failed' | 'done';

export function selectStage(snapshot: EvaluationSnapshot): EvaluationStage {
  if (snapshot.matches('NotEvaluated')) return 'none';
  if (snapshot.matches('Launching')) return 'launching';
  if (snapshot.matches({ Working: 'Queued' })) return 'queued';
  if (snapshot.matches({ Working: 'Running' })) return 'running';
  if (snapshot.matches({ Working: 'Collecting' })) return 'collecting';
  if (snapshot.matches('Failed')) return 'failed';
  return 'done';
}

export const selectEvaluation = (snapshot: EvaluationSnapshot) => snapshot.context.evaluation;
export const selectProgress = (snapshot: EvaluationSnapshot) => snapshot.context.progress;
export const selectCanChange = (snapshot: EvaluationSnapshot) => snapshot.context.canChange;
export const selectIsBusy = (snapshot: EvaluationSnapshot) => snapshot.hasTag('busy');
export const selectIsWorking = (snapshot: EvaluationSnapshot) =>
  snapshot.hasTag('working') || snapshot.matches('Launching');
export const selectRelaunchedItemId = (snapshot: EvaluationSnapshot) =>
  snapshot.hasTag('working') || snapshot.matches('Launching') ? snapshot.context.relaunchedItemId : null;
export const selectEditingItemId = (snapshot: EvaluationSnapshot) =>
  snapshot.hasTag('editing') ? snapshot.context.editingItemId : null;
export const selectIsSaving = (snapshot: EvaluationSnapshot) =>
  snapshot.matches({ Evaluated: 'SavingAnswer' }) || snapshot.matches({ Evaluated: 'SavingComment' });
export const selectFailure = (snapshot: EvaluationSnapshot) => snapshot.context.failure;
/** Failures said in the panel; those of the answer form are said in the form. */
export const selectPanelFailure = (snapshot: EvaluationSnapshot) =>
  snapshot.hasTag('editing') ? null : snapshot.context.failure;
