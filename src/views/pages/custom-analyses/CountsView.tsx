// A yes/no or choice analysis's answers: a bar chart, or the same figures as a table (counts and shares), the
// reader's choice; the chart's library loads only when a chart is shown.
import { ChartBarIcon, TableCellsIcon } from '@heroicons/react/20/solid';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { FigureTable } from '../dashboards/FigureTable';
import { formatCount, formatShare } from '../dashboards/graph-format';
import { answerCounts, shareOf, type AnalysisDetails } from './answer-counts';

const AnswerChart = lazy(() => import('./AnswerChart'));

export function CountsView({ details }: { details: AnalysisDetails }) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const counts = answerCounts(details, t('customAnalyses.answers.yes'), t('customAnalyses.answers.no'));
  const number = (count: number) => formatCount(count, i18n.language);
  const percent = (share: number) => formatShare(share, i18n.language);
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
        <FigureTable
          caption={details.name}
          rows={counts}
          rowKey={({ label }) => label}
          columns={[
            { header: t('customAnalyses.answers.answer'), cell: ({ label }) => label },
            {
              header: t('customAnalyses.answers.conversations'),
              cell: ({ count }) => number(count),
              numeric: true,
            },
            {
              header: t('customAnalyses.answers.share'),
              cell: ({ count }) => percent(shareOf(count, details.answered)),
              numeric: true,
            },
          ]}
        />
      ) : (
        <Suspense fallback={<Loading />}>
          <AnswerChart counts={counts} answered={details.answered} summary={summary} />
        </Suspense>
      )}
    </div>
  );
}
