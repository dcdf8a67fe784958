// A yes/no or choice analysis's answers: a bar chart, or the same figures as a table (counts and shares), the
// reader's choice; the chart's library loads only when a chart is shown.
import { ChartBarIcon, TableCellsIcon } from '@heroicons/react/20/solid';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { answerCounts, shareOf, type AnalysisDetails } from './answer-counts';

const AnswerChart = lazy(() => import('./AnswerChart'));

export function CountsView({ details }: { details: AnalysisDetails }) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const counts = answerCounts(details, t('customAnalyses.answers.yes'), t('customAnalyses.answers.no'));
  const number = (value: number) => value.toLocaleString(i18n.language);
  const percent = (value: number) =>
    value.toLocaleString(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const summary = counts
    .map(({ label, count }) => t('customAnalyses.answers.countOf', { label, count: number(count) }))
    .join(', ');
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <Button variant="secondary" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? (
            <ChartBarIcon className="size-4" aria-hidden="true" />
          ) : (
            <TableCellsIcon className="size-4" aria-hidden="true" />
          )}
          {t(asTable ? 'customAnalyses.answers.showChart' : 'customAnalyses.answers.showTable')}
        </Button>
      </div>
      {asTable ? (
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-gray-200 text-left text-xs text-gray-500">
              <th scope="col" className="py-2 font-medium">
                {t('customAnalyses.answers.answer')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('customAnalyses.answers.conversations')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('customAnalyses.answers.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {counts.map(({ label, count }) => (
              <tr key={label} className="border-b border-gray-100">
                <th scope="row" className="py-2 pr-3 text-left font-normal break-words text-gray-900">
                  {label}
                </th>
                <td className="py-2 text-right tabular-nums">{number(count)}</td>
                <td className="py-2 text-right tabular-nums">{percent(shareOf(count, details.answered))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Suspense fallback={<Loading />}>
          <AnswerChart counts={counts} summary={summary} language={i18n.language} />
        </Suspense>
      )}
    </div>
  );
}
