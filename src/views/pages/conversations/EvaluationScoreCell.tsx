// A conversation's main score in the list: the number in the reader's locale, coloured by band, marked when a
// critical item failed it; "evaluating" while its evaluation runs, "N/A" when no item applied, a dash otherwise.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '../../../../contract/conversations';
import { numberFormat } from '../../components/intl-formatters';

/** The lowest score of the "good" and of the "fair" band. */
const goodScore = 80;
const fairScore = 50;

const bandClass = (score: number) =>
  score >= goodScore
    ? 'bg-green-50 text-green-800 ring-green-600/20'
    : score >= fairScore
      ? 'bg-amber-50 text-amber-900 ring-amber-600/20'
      : 'bg-red-50 text-red-800 ring-red-600/20';

export function EvaluationScoreCell({
  evaluation,
  locale,
}: {
  evaluation: ConversationSummary['evaluation'];
  locale: string;
}) {
  const { t } = useTranslation();
  if (evaluation?.status === 'queued' || evaluation?.status === 'running')
    return <span className="text-xs text-gray-600">{t('conversations.evaluating')}</span>;
  if (evaluation?.status !== 'done') return <span className="text-gray-400">—</span>;
  if (evaluation.main_score === null)
    return <span className="text-gray-600">{t('conversations.notApplicable')}</span>;
  const score = numberFormat(locale, { maximumFractionDigits: 0 }).format(evaluation.main_score);
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset ${bandClass(evaluation.main_score)}`}
      title={evaluation.auto_failed ? t('conversations.autoFailed') : undefined}
    >
      {evaluation.auto_failed && <ExclamationTriangleIcon className="size-3.5" aria-hidden="true" />}
      {score}
      {evaluation.auto_failed && <span className="sr-only">{`, ${t('conversations.autoFailed')}`}</span>}
    </span>
  );
}
