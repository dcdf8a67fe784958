// Where the evaluation's job stands while it works (queued, its live progress, its result being read), and
// what failed: a run, or something a person asked.
import { ArrowPathIcon, ExclamationTriangleIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../services/api-error';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import { selectPanelFailure, selectProgress, selectStage } from '../../../machines/evaluation/selectors';
import { JobProgress } from '../conversations/JobProgress';

export function EvaluationProgress() {
  const { t } = useTranslation();
  const stage = EvaluationActorContext.useSelector(selectStage);
  const progress = EvaluationActorContext.useSelector(selectProgress);
  if (stage !== 'launching' && stage !== 'queued' && stage !== 'running' && stage !== 'collecting')
    return null;
  const percent = stage === 'running' && progress !== null ? Math.round(progress * 100) : null;
  return (
    <div
      role="status"
      className="mb-4 rounded-lg bg-purple-50 p-3 text-sm text-purple-900 ring-1 ring-purple-200"
    >
      <p className="flex items-center gap-2 font-medium">
        <ArrowPathIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t(`evaluationPanel.stages.${stage}`)}
      </p>
      {percent !== null && <JobProgress percent={percent} label={t('evaluationPanel.stages.running')} />}
    </div>
  );
}

export function EvaluationFailure() {
  const { t } = useTranslation();
  const actor = EvaluationActorContext.useActorRef();
  const failure = EvaluationActorContext.useSelector(selectPanelFailure);
  if (!failure) return null;
  return (
    <div
      role="alert"
      className="mb-4 flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
    >
      <ExclamationTriangleIcon className="size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        {t(`evaluationPanel.failures.${failure.action}`)} {t(errorMessageKey(failure.error))}
      </p>
      <button
        type="button"
        onClick={() => actor.send({ type: 'failure.dismiss' })}
        className="rounded p-0.5 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
      >
        <XMarkIcon className="size-4" aria-hidden="true" />
        <span className="sr-only">{t('evaluationPanel.dismiss')}</span>
      </button>
    </div>
  );
}
