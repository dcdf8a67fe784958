// A number analysis's answers: their lowest, average and highest values, in the reader's number format.
import { useTranslation } from 'react-i18next';
import type { AnalysisDetails } from './answer-counts';

export function NumberView({ number }: { number: NonNullable<AnalysisDetails['number']> }) {
  const { t, i18n } = useTranslation();
  const format = (value: number) => value.toLocaleString(i18n.language, { maximumFractionDigits: 2 });
  const figures = [
    [t('customAnalyses.answers.min'), number.min],
    [t('customAnalyses.answers.average'), number.average],
    [t('customAnalyses.answers.max'), number.max],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-3">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-gray-50 p-3">
          <dt className="text-xs font-medium text-gray-500">{label}</dt>
          <dd className="mt-1 text-xl font-semibold text-gray-900 tabular-nums">{format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
