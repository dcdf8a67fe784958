// One item of the evaluation: its answer (yes / no / N/A, a level, or each sub-item's), its score, why (the
// rules' reason or the model's justification, the evidence), its flags (critical, changed by a person with the
// comment, needs review, not evaluated, failed), and the ways to change it or evaluate it again.
import { ArrowPathIcon, PencilSquareIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { EvaluationItem } from '../../../../contract/evaluation-grids';
import type { EvaluationItemResult } from '../../../../contract/evaluations';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import {
  selectCanChange,
  selectIsBusy,
  selectIsWorking,
  selectRelaunchedItemId,
} from '../../../machines/evaluation/selectors';
import { answerText, binaryAnswerText, formatScore, subItemAnswers } from './answer-text';
import { EvidenceList } from './EvidenceList';

const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

function Answer({ item, result }: { item: EvaluationItem; result: EvaluationItemResult }) {
  const { t } = useTranslation();
  if (result.value === null) {
    return <p className="text-sm text-gray-600">{t('evaluationPanel.noAnswer')}</p>;
  }
  if (item.type === 'composed_item') {
    return (
      <ul className="grid gap-0.5 text-sm">
        {subItemAnswers(item, result.value).map((sub) => (
          <li key={sub.id} className="flex flex-wrap gap-x-2">
            <span className="text-gray-700">{sub.name}</span>
            <span className="font-medium text-gray-900">
              {sub.answer === null ? '—' : binaryAnswerText(t, sub.answer)}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return <p className="text-sm font-medium text-gray-900">{answerText(t, item, result.value)}</p>;
}

function Flags({ item, result }: { item: EvaluationItem; result: EvaluationItemResult }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {item.critical && (
        <span className={`${badgeClass} bg-red-50 text-red-800 ring-red-200`}>
          {t('evaluationPanel.critical')}
        </span>
      )}
      {result.source === 'human' && (
        <span className={`${badgeClass} bg-blue-50 text-blue-800 ring-blue-200`}>
          {t('evaluationPanel.changedByPerson')}
        </span>
      )}
      {result.needs_review && (
        <span className={`${badgeClass} bg-amber-50 text-amber-900 ring-amber-300`}>
          {t('evaluationPanel.needsReview')}
        </span>
      )}
      {result.not_evaluated_reason === 'failed' && (
        <span className={`${badgeClass} bg-red-50 text-red-800 ring-red-200`}>
          {t('evaluationPanel.itemFailed')}
        </span>
      )}
      {result.not_evaluated_reason !== null &&
        result.not_evaluated_reason !== 'failed' &&
        result.value === null && (
          <span className={`${badgeClass} bg-gray-50 text-gray-700 ring-gray-300`}>
            {t('evaluationPanel.notEvaluatedByRules')}
          </span>
        )}
    </span>
  );
}

function Explanation({ result }: { result: EvaluationItemResult }) {
  const { t } = useTranslation();
  return (
    <>
      {result.not_evaluated_reason && result.value === null && (
        <p className="mt-1 text-sm text-gray-700">
          {t(`evaluationPanel.notEvaluated.${result.not_evaluated_reason}`)}
        </p>
      )}
      {result.failure_detail && (
        // The engine's own words, in English, for whoever reports the problem.
        <p lang="en" className="mt-1 font-mono text-xs break-words text-red-800">
          {result.failure_detail}
        </p>
      )}
      {result.rule_reason && (
        <p className="mt-1 text-sm text-gray-700">{t(`evaluationPanel.ruleReasons.${result.rule_reason}`)}</p>
      )}
      {result.justification && <p className="mt-1 text-sm text-gray-700">{result.justification}</p>}
      <EvidenceList evidence={result.evidence} />
      {result.comment && (
        <p className="mt-2 rounded-lg bg-blue-50 px-3 py-1.5 text-sm text-blue-900">
          <span className="font-medium">{t('evaluationPanel.comment')}</span> {result.comment}
        </p>
      )}
    </>
  );
}

export function EvaluationItemRow({ item, result }: { item: EvaluationItem; result: EvaluationItemResult }) {
  const { t, i18n } = useTranslation();
  const actor = EvaluationActorContext.useActorRef();
  const canChange = EvaluationActorContext.useSelector(selectCanChange);
  const busy = EvaluationActorContext.useSelector(selectIsBusy);
  const working = EvaluationActorContext.useSelector(selectIsWorking);
  const relaunched = EvaluationActorContext.useSelector(selectRelaunchedItemId) === item.id;
  const disabled = busy || working;
  return (
    <li aria-label={item.name} className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-[min(100%,16rem)] flex-1">
          <h4 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
            {item.name}
            <Flags item={item} result={result} />
          </h4>
          <div className="mt-1 flex flex-wrap items-baseline gap-x-3">
            <Answer item={item} result={result} />
            <span className="text-xs whitespace-nowrap text-gray-600 tabular-nums">
              {t('evaluationPanel.itemScore', { score: formatScore(result.score, i18n.language) })}
            </span>
          </div>
          {relaunched && (
            <p role="status" className="mt-1 flex items-center gap-1 text-xs text-purple-800">
              <ArrowPathIcon
                className="size-3.5 animate-spin motion-reduce:animate-none"
                aria-hidden="true"
              />
              {t('evaluationPanel.itemRelaunched')}
            </p>
          )}
        </div>
        {canChange && (
          <div className="flex gap-2">
            <button
              type="button"
              disabled={disabled}
              aria-label={t('evaluationPanel.changeNamed', { name: item.name })}
              onClick={() =>
                actor.send({
                  type: 'item.edit',
                  itemId: item.id,
                  value: result.value,
                  comment: result.comment,
                })
              }
              className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-purple-800 ring-1 ring-purple-200 hover:bg-purple-50 focus-visible:outline-2 focus-visible:outline-purple-600 disabled:opacity-50"
            >
              <PencilSquareIcon className="size-4" aria-hidden="true" />
              {t('evaluationPanel.change')}
            </button>
            <button
              type="button"
              disabled={disabled}
              aria-label={t('evaluationPanel.relaunchNamed', { name: item.name })}
              onClick={() => actor.send({ type: 'evaluation.launch', itemId: item.id })}
              className="inline-flex items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-purple-600 disabled:opacity-50"
            >
              <ArrowPathIcon className="size-4" aria-hidden="true" />
              {t('evaluationPanel.relaunchItem')}
            </button>
          </div>
        )}
      </div>
      <Explanation result={result} />
    </li>
  );
}
