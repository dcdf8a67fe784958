// A yes/no or choice analysis's answers as horizontal bars (the dashboards' chart, whose Recharts loads with this
// module only). The chart is a picture for sighted readers; the table view carries the same figures, so the chart
// is one labelled image whose drawing is hidden from screen readers.
import { useTranslation } from 'react-i18next';
import { formatCount, formatShare } from '../dashboards/graph-format';
import { HorizontalBars } from '../dashboards/HorizontalBars';
import { shareOf, type AnswerCount } from './answer-counts';

export default function AnswerChart({
  counts,
  answered,
  summary,
}: {
  counts: AnswerCount[];
  answered: number;
  summary: string;
}) {
  const { t, i18n } = useTranslation();
  const number = (count: number) => formatCount(count, i18n.language);
  const percent = (share: number) => formatShare(share, i18n.language);
  return (
    <div role="img" aria-label={summary}>
      <div aria-hidden="true">
        <HorizontalBars<AnswerCount>
          rows={counts}
          name={({ label }) => label}
          value={({ count }) => count}
          counts
          formatValue={number}
          tooltip={({ count }) => [
            { label: t('customAnalyses.answers.conversations'), value: number(count) },
            { label: t('customAnalyses.answers.share'), value: percent(shareOf(count, answered)) },
          ]}
        />
      </div>
    </div>
  );
}
