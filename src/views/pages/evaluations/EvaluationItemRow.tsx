// One item of the evaluation: its answer (yes / no / N/A, a level, or each sub-item's), changed in place by those
// who may, its score, why (the rules' reason or the model's justification, the evidence), its flags (critical,
// changed by a person, needs review, not evaluated, failed), its comment, and evaluating it again. The current
// item of the keyboard review is marked, and a refused change is said here.
import { ArrowPathIcon, ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvaluationItem } from '../../../../contract/evaluation-grids';
import type { EvaluationItemResult } from '../../../../contract/evaluations';
import { EvaluationActorContext } from '../../../machines/evaluation/provider';
import {
  selectCanChange,
  selectFailure,
  selectIsBusy,
  selectIsWorking,
  selectRelaunchedItemId,
  selectSavingItemId,
} from '../../../machines/evaluation/selectors';
import { errorMessageKey } from '../../../services/api-error';
import { AnswerControls } from './AnswerControls';
import { answerAfter, type AnswerChoice } from './answer-choice';
import { answerText, binaryAnswerText, formatScore, subItemAnswers } from './answer-text';
import { EvidenceList } from './EvidenceList';
import { ItemComment } from './ItemComment';

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
    </>
  );
}

/** Sends a chosen answer to the machine, when it fits the item and changes it. */
export function useChooseAnswer(item: EvaluationItem, result: EvaluationItemResult) {
  const actor = EvaluationActorContext.useActorRef();
  return (choice: AnswerChoice) => {
    const value = answerAfter(item, result.value, choice);
    if (value === null) return;
    actor.send({ type: 'item.answer', itemId: item.id, itemType: item.type, value, comment: result.comment });
  };
}

function ItemFailure({ itemId }: { itemId: string }) {
  const { t } = useTranslation();
  const failure = EvaluationActorContext.useSelector(selectFailure);
  if (failure?.itemId !== itemId) return null;
  return (
    <p
      role="alert"
      className="mt-2 flex items-start gap-1.5 rounded-lg bg-red-50 px-3 py-1.5 text-sm text-red-800"
    >
      <ExclamationTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {t(`evaluationPanel.failures.${failure.action}`)} {t(errorMessageKey(failure.error))}{' '}
        {t('evaluationPanel.rolledBack')}
      </span>
    </p>
  );
}

interface EvaluationItemRowProps {
  item: EvaluationItem;
  result: EvaluationItemResult;
  /** The keyboard review's current item. */
  current: boolean;
  /** The row, for the keyboard review to focus it. */
  rowRef: Ref<HTMLLIElement>;
  onSelect: () => void;
  commenting: boolean;
  onComment: (open: boolean) => void;
}

export function EvaluationItemRow({
  item,
  result,
  current,
  rowRef,
  onSelect,
  commenting,
  onComment,
}: EvaluationItemRowProps) {
  const { t, i18n } = useTranslation();
  const actor = EvaluationActorContext.useActorRef();
  const canChange = EvaluationActorContext.useSelector(selectCanChange);
  const busy = EvaluationActorContext.useSelector(selectIsBusy);
  const working = EvaluationActorContext.useSelector(selectIsWorking);
  const saving = EvaluationActorContext.useSelector(selectSavingItemId) === item.id;
  const relaunched = EvaluationActorContext.useSelector(selectRelaunchedItemId) === item.id;
  const choose = useChooseAnswer(item, result);
  const disabled = busy || working;
  return (
    <li
      ref={rowRef}
      tabIndex={-1}
      aria-label={item.name}
      aria-current={current ? 'true' : undefined}
      data-item-id={item.id}
      onFocus={onSelect}
      className={`-mx-2 scroll-my-4 rounded-lg border-l-4 px-2 py-3 outline-none focus-visible:ring-2 focus-visible:ring-purple-600 ${
        current ? 'border-purple-700 bg-purple-50/60' : 'border-transparent'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-[min(100%,14rem)] flex-1">
          <h4 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
            {item.name}
            <Flags item={item} result={result} />
          </h4>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
            {canChange ? (
              <AnswerControls item={item} value={result.value} disabled={disabled} onChoose={choose} />
            ) : (
              <Answer item={item} result={result} />
            )}
            <span className="text-xs whitespace-nowrap text-gray-600 tabular-nums">
              {saving
                ? t('evaluationPanel.saving')
                : t('evaluationPanel.itemScore', { score: formatScore(result.score, i18n.language) })}
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
        )}
      </div>
      <ItemFailure itemId={item.id} />
      <Explanation result={result} />
      <ItemComment
        itemName={item.name}
        comment={result.comment}
        canChange={canChange}
        disabled={disabled}
        editing={commenting}
        onEdit={() => onComment(true)}
        onClose={(saved) => {
          onComment(false);
          if (saved === undefined) return;
          actor.send({ type: 'item.comment', itemId: item.id, comment: saved });
        }}
      />
    </li>
  );
}
