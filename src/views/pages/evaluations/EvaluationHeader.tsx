// What the evaluation was made with (engine, model, grid version), whether and by whom it is validated, and the
// buttons that validate, un-validate or evaluate it all again for those who may.
import { ArrowPathIcon, CheckBadgeIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Evaluation } from '../../../../contract/evaluations';
import type { CurrentUser } from '../../../../contract/users';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import {
  selectCanChange,
  selectIsBusy,
  selectIsWorking,
  selectStage,
} from '../../../machines/evaluation/selectors';
import { useConversationValidators } from '../../../services/queries/conversation-list';
import { Button } from '../../components/Button';
import { LazyConfirmDialog } from '../../components/LazyConfirmDialog';
import { formatDateTime } from '../../components/format';

/** The validator's name: "you", or their name among the campaign's validators; null until it is known. */
function useValidatorName(campaignId: string, userId: string | null, user: CurrentUser): string | null {
  const { t } = useTranslation();
  const validators = useConversationValidators(campaignId);
  if (userId === null) return null;
  if (userId === user.id) return t('evaluationPanel.you');
  return validators.data?.find((validator) => validator.id === userId)?.name ?? null;
}

function Validation({
  evaluation,
  campaignId,
  user,
}: {
  evaluation: Evaluation;
  campaignId: string;
  user: CurrentUser;
}) {
  const { t, i18n } = useTranslation();
  const name = useValidatorName(campaignId, evaluation.validated_by, user);
  if (!evaluation.validated || evaluation.validated_at === null) {
    return <p className="text-sm text-gray-600">{t('evaluationPanel.notValidated')}</p>;
  }
  const date = formatDateTime(evaluation.validated_at, i18n.language);
  return (
    <p className="inline-flex items-center gap-1 text-sm font-medium text-green-800">
      <CheckBadgeIcon className="size-5" aria-hidden="true" />
      {name ? t('evaluationPanel.validatedBy', { name, date }) : t('evaluationPanel.validatedOn', { date })}
    </p>
  );
}

export function EvaluationHeader({
  evaluation,
  campaignId,
  user,
}: {
  evaluation: Evaluation;
  campaignId: string;
  user: CurrentUser;
}) {
  const { t } = useTranslation();
  const actor = EvaluationActorContext.useActorRef();
  const canChange = EvaluationActorContext.useSelector(selectCanChange);
  const stage = EvaluationActorContext.useSelector(selectStage);
  const busy = EvaluationActorContext.useSelector(selectIsBusy);
  const working = EvaluationActorContext.useSelector(selectIsWorking);
  const [confirming, setConfirming] = useState(false);
  const engine =
    evaluation.engine === 'llm'
      ? t('evaluationPanel.engines.llm', { model: evaluation.model ?? '' })
      : t('evaluationPanel.engines.rules');

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <p className="text-sm text-gray-700">
          {t('evaluationPanel.madeWith', { engine, version: evaluation.grid_version })}
        </p>
        {evaluation.status === 'done' && evaluation.status_reason === 'llm_unavailable' && (
          <p className="text-sm text-amber-800">{t('evaluationPanel.llmUnavailable')}</p>
        )}
        {stage === 'done' && <Validation evaluation={evaluation} campaignId={campaignId} user={user} />}
      </div>
      {canChange && (
        <div className="flex flex-wrap gap-2">
          {stage === 'done' &&
            (evaluation.validated ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => actor.send({ type: 'evaluation.validate', validated: false })}
              >
                {t('evaluationPanel.unvalidate')}
              </Button>
            ) : (
              <Button
                disabled={busy}
                onClick={() => actor.send({ type: 'evaluation.validate', validated: true })}
              >
                <CheckBadgeIcon className="size-4" aria-hidden="true" />
                {t('evaluationPanel.validate')}
              </Button>
            ))}
          <Button variant="secondary" disabled={busy || working} onClick={() => setConfirming(true)}>
            <ArrowPathIcon className="size-4" aria-hidden="true" />
            {t('evaluationPanel.relaunchAll')}
          </Button>
        </div>
      )}
      <LazyConfirmDialog
        open={confirming}
        title={t('evaluationPanel.relaunchTitle')}
        body={t('evaluationPanel.relaunchBody')}
        confirmLabel={t('evaluationPanel.relaunchAll')}
        onConfirm={() => {
          setConfirming(false);
          actor.send({ type: 'evaluation.launch', itemId: null });
        }}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
