// The evaluation's scores: the main score (and whether a critical item failed it), each section's and each
// additional score.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { EvaluationGrid } from '../../../../contract/evaluation-grids';
import type { Evaluation } from '../../../../contract/evaluations';
import { formatScore } from './answer-text';

export function EvaluationScores({ evaluation, grid }: { evaluation: Evaluation; grid: EvaluationGrid }) {
  const { t, i18n } = useTranslation();
  const sectionName = (id: string) => grid.sections.find((section) => section.id === id)?.name ?? '';
  const scoreName = (id: string) => grid.additional_scores.find((score) => score.id === id)?.name ?? '';
  const scoreOf = new Map(evaluation.items.map((result) => [result.item_id, result.score]));
  const failedCritical = evaluation.auto_failed
    ? grid.sections
        .flatMap((section) => section.items)
        .filter((item) => item.critical && scoreOf.get(item.id) === 0)
        .map((item) => item.name)
    : [];
  const rows = [
    ...evaluation.section_scores.map((score) => ({
      id: score.section_id,
      name: sectionName(score.section_id),
      score: score.score,
    })),
    ...evaluation.additional_scores.map((score) => ({
      id: score.id,
      name: scoreName(score.id),
      score: score.score,
      additional: true,
    })),
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
      <div
        className={`rounded-xl p-4 text-center ring-1 ${
          evaluation.auto_failed ? 'bg-red-50 ring-red-200' : 'bg-purple-50 ring-purple-200'
        }`}
      >
        <p className="text-sm font-medium text-gray-700">{t('evaluationPanel.mainScore')}</p>
        <p data-testid="main-score" className="text-4xl font-semibold text-gray-900 tabular-nums">
          {formatScore(evaluation.main_score, i18n.language)}
        </p>
        {evaluation.auto_failed && (
          <p className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-red-800">
            <ExclamationTriangleIcon className="size-4" aria-hidden="true" />
            {t('evaluationPanel.autoFailed')}
          </p>
        )}
        {failedCritical.length > 0 && <p className="text-xs text-red-800">{failedCritical.join(', ')}</p>}
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {rows.map((row) => (
          <div
            key={row.id}
            className="flex items-baseline justify-between gap-3 border-b border-gray-100 py-1"
          >
            <dt className="text-gray-700">
              {row.name}
              {'additional' in row && (
                <>
                  {' '}
                  <span className="text-xs text-gray-500">({t('evaluationPanel.additionalScore')})</span>
                </>
              )}
            </dt>
            <dd className="font-medium text-gray-900 tabular-nums">
              {formatScore(row.score, i18n.language)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
