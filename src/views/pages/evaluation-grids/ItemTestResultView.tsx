// What the item test answered, in the reader's language: the answer (a level by name, each sub-item's answer),
// why (the rule's reason, or why the engine left the item, with the provider's problem), the justification, and
// the turns quoted; a quote not found in the transcript is marked as such, never shown as proof.
import type { EvaluationValue, ItemTestResult } from '../../../../contract/evaluations';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../conversations/turns/clock';
import type { ItemForm } from './grid-form';

function useAnswerText(item: ItemForm) {
  const { t } = useTranslation();
  const binary = (value: string) => t(`evaluationGrid.testPanel.values.${value}`);
  return (value: EvaluationValue): string[] => {
    if (typeof value === 'number') {
      const level = item.levels[value];
      return [
        t('evaluationGrid.testPanel.levelValue', {
          name: level?.name || t('evaluationGrid.levelLabel', { number: value + 1 }),
          score: level?.score ?? '',
        }),
      ];
    }
    if (typeof value === 'string') return [binary(value)];
    // A composed item's answer gives each sub-item's by position.
    return item.sub_items.map((sub, index) =>
      t('evaluationGrid.testPanel.subItemValue', {
        name: sub.name || t('evaluationGrid.subItemLabel', { number: index + 1 }),
        value: binary(value[String(index)] ?? 'na'),
      }),
    );
  };
}

export function ItemTestResultView({ result, item }: { result: ItemTestResult; item: ItemForm }) {
  const { t } = useTranslation();
  const answerText = useAnswerText(item);
  const why = result.not_evaluated_reason
    ? t(`evaluationGrid.testPanel.notEvaluated.${result.not_evaluated_reason}`)
    : result.rule_reason
      ? t(`evaluationGrid.testPanel.ruleReasons.${result.rule_reason}`)
      : null;
  return (
    <section
      aria-label={t('evaluationGrid.testPanel.result')}
      className="grid gap-3 rounded-lg bg-gray-50 p-4 text-sm ring-1 ring-gray-200"
    >
      <dl className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        {result.value !== null && (
          <>
            <dt className="font-medium text-gray-700">{t('evaluationGrid.testPanel.answer')}</dt>
            <dd className="text-gray-900">
              <ul>
                {answerText(result.value).map((line) => (
                  <li key={line} className="font-semibold">
                    {line}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        {why && (
          <>
            <dt className="font-medium text-gray-700">{t('evaluationGrid.testPanel.why')}</dt>
            <dd className="text-gray-900">
              {why}
              {result.failure_detail && (
                <span className="mt-1 block text-xs text-gray-600">{result.failure_detail}</span>
              )}
            </dd>
          </>
        )}
        {result.needs_review && (
          <>
            <dt className="font-medium text-amber-800">{t('evaluationGrid.testPanel.needsReview')}</dt>
            <dd className="text-amber-900">{t('evaluationGrid.testPanel.needsReviewText')}</dd>
          </>
        )}
        {result.justification && (
          <>
            <dt className="font-medium text-gray-700">{t('evaluationGrid.testPanel.justification')}</dt>
            <dd className="text-gray-900">{result.justification}</dd>
          </>
        )}
        <dt className="font-medium text-gray-700">{t('evaluationGrid.testPanel.evidence')}</dt>
        <dd className="text-gray-900">
          {result.evidence.length === 0 ? (
            <p className="text-gray-600">{t('evaluationGrid.testPanel.noEvidence')}</p>
          ) : (
            <ul className="grid gap-2">
              {result.evidence.map((evidence, index) => (
                <li key={`${evidence.turn}-${index}`}>
                  <p className="text-xs font-medium text-gray-600">
                    {evidence.start === undefined
                      ? t('evaluationGrid.testPanel.turn', { turn: evidence.turn })
                      : t('evaluationGrid.testPanel.turnAt', {
                          turn: evidence.turn,
                          time: formatClock(evidence.start),
                        })}
                  </p>
                  <blockquote
                    className={`border-l-2 pl-3 break-words whitespace-pre-line ${evidence.verified ? 'border-purple-300' : 'border-amber-400 text-gray-600 line-through decoration-amber-500/60'}`}
                  >
                    {evidence.text}
                  </blockquote>
                  {!evidence.verified && (
                    <p className="mt-1 text-xs font-medium text-amber-800">
                      {t('evaluationGrid.testPanel.unverified')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <p className="text-xs text-gray-600">
        {t('evaluationGrid.testPanel.engine', {
          engine: t(`evaluationGrid.testPanel.engines.${result.engine}`),
        })}
      </p>
    </section>
  );
}
